import { ChartColumn, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A chart with its title, the sentence that says what it shows (the chart's accessible name,
 * read by everyone), and a switch between the picture and a table of the same figures.
 */
export function ChartCard({
  title,
  summary,
  testId,
  chart,
  table,
}: {
  title: string;
  summary: ReactNode;
  testId: string;
  /** Draws the chart, named by the summary's id. */
  chart: ((summaryId: string) => ReactNode) | null;
  table: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  const titleId = useId();
  const summaryId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <Card role="region" aria-labelledby={titleId} data-testid={testId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle id={titleId}>{title}</CardTitle>
          <CardDescription id={summaryId} className="text-pretty">
            {summary}
          </CardDescription>
        </div>
        {chart ? (
          <Button variant="outline" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
            {asTable ? <ChartColumn aria-hidden="true" /> : <Table2 aria-hidden="true" />}
            {asTable ? t('view.showChart') : t('view.showTable')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>{chart && !asTable ? chart(summaryId) : table}</CardContent>
    </Card>
  );
}

/** A table of figures: a caption for screen readers, numbers aligned to the end. */
export function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly { label: string; numeric?: boolean }[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-2 py-2 font-medium ${column.numeric ? 'text-end' : 'text-start'}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-b-0">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={columns[index]?.label} scope="row" className="px-2 py-2 text-start font-normal">
                    {cell}
                  </th>
                ) : (
                  <td
                    key={columns[index]?.label}
                    className={`px-2 py-2 tabular-nums ${columns[index]?.numeric ? 'text-end' : ''}`}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
