import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import { useElementWidth } from '@/components/charts/use-element-width';

export interface BarSeries {
  key: string;
  /** A CSS colour, from the theme's chart variables so that both themes are designed. */
  color: string;
  /** Stripes as well as colour, so that the series can be told apart without seeing colours. */
  striped?: boolean;
}

export interface BarStep {
  key: string;
  /** The short label under the axis ("3 May", "May"). */
  axisLabel: string;
  /** One value per series, in minor units. */
  values: readonly number[];
}

const HEIGHT = 220;
const MARGIN = { top: 8, right: 8, bottom: 28, left: 64 };
/** About this much room per label under the axis; fewer labels on a narrow screen. */
const AXIS_LABEL_WIDTH = 56;

/**
 * Bars per step of the period, one per series side by side, on a shared scale starting at zero.
 * The picture is one image for assistive technology, named by the sentence that `labelledBy`
 * points to; the same figures are in the table view.
 */
export function BarChart({
  steps,
  series,
  formatTick,
  title,
  labelledBy,
  testId,
}: {
  /** What the chart is ("Tips received"); its accessible name is the summary `labelledBy` names. */
  title: string;
  steps: readonly BarStep[];
  series: readonly BarSeries[];
  formatTick: (minor: number) => string;
  labelledBy: string;
  testId?: string;
}) {
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const patternId = useId();
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const largest = Math.max(1, ...steps.flatMap((step) => step.values));

  const x = scaleBand<string>({
    domain: steps.map((step) => step.key),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const inner = scaleBand<number>({
    domain: series.map((_, index) => index),
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const y = scaleLinear<number>({ domain: [0, largest], range: [innerHeight, 0], nice: true });
  const labelEvery = Math.max(1, Math.ceil((steps.length * AXIS_LABEL_WIDTH) / innerWidth));
  const axisLabels = new Map(steps.map((step) => [step.key, step.axisLabel]));

  return (
    <div ref={containerRef} className="w-full">
      <svg
        role="img"
        aria-labelledby={labelledBy}
        data-testid={testId}
        width={width}
        height={HEIGHT}
        className="block max-w-full overflow-visible"
      >
        <title>{title}</title>
        <defs>
          {series.map((item, index) =>
            item.striped ? (
              <pattern
                key={item.key}
                id={`${patternId}-${index}`}
                width={6}
                height={6}
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width={6} height={6} fill={item.color} fillOpacity={0.35} />
                <rect width={3} height={6} fill={item.color} />
              </pattern>
            ) : null,
          )}
        </defs>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {y.ticks(4).map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={innerWidth}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--border)"
              strokeDasharray={tick === 0 ? undefined : '2 4'}
            />
          ))}
          {steps.map((step) => (
            <Group key={step.key} left={x(step.key) ?? 0}>
              {series.map((item, index) => {
                const value = step.values[index] ?? 0;
                const top = y(value);
                // A bar of a little money still shows: at least two pixels.
                const height = value > 0 ? Math.max(innerHeight - top, 2) : 0;
                return (
                  <Bar
                    key={item.key}
                    x={inner(index) ?? 0}
                    y={innerHeight - height}
                    width={inner.bandwidth()}
                    height={height}
                    rx={Math.min(3, inner.bandwidth() / 2)}
                    fill={item.striped ? `url(#${patternId}-${index})` : item.color}
                    stroke={item.striped ? item.color : undefined}
                    strokeWidth={item.striped ? 1 : 0}
                  />
                );
              })}
            </Group>
          ))}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(value) => formatTick(Number(value))}
            hideAxisLine
            hideTicks
            tickLabelProps={() => ({
              fill: 'var(--muted-foreground)',
              fontSize: 11,
              textAnchor: 'end',
              dx: -4,
              dy: 4,
            })}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            hideTicks
            stroke="var(--border)"
            tickValues={steps.filter((_, index) => index % labelEvery === 0).map((step) => step.key)}
            tickFormat={(key) => axisLabels.get(key) ?? ''}
            tickLabelProps={() => ({
              fill: 'var(--muted-foreground)',
              fontSize: 11,
              textAnchor: 'middle',
            })}
          />
        </Group>
      </svg>
    </div>
  );
}

/** A small sample of a series' fill for a legend: the same colour and stripes as its bars. */
export function LegendSwatch({ color, striped = false }: { color: string; striped?: boolean }) {
  const patternId = useId();
  return (
    <svg aria-hidden="true" width={14} height={14} className="shrink-0 rounded-sm">
      {striped ? (
        <defs>
          <pattern
            id={patternId}
            width={6}
            height={6}
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width={6} height={6} fill={color} fillOpacity={0.35} />
            <rect width={3} height={6} fill={color} />
          </pattern>
        </defs>
      ) : null}
      <rect
        width={14}
        height={14}
        rx={3}
        fill={striped ? `url(#${patternId})` : color}
        stroke={striped ? color : undefined}
      />
    </svg>
  );
}
