import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/cn';

/** Which sides of a sideways-scrolling list have more to show. */
function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ before: false, after: false });
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setEdges((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    list.addEventListener('scroll', measure, { passive: true });
    // The observer's first call measures once the browser has laid the page out: measuring here
    // would force that layout in the middle of the first render's task (decision 0060).
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    if (observer) observer.observe(list);
    else measure();
    return () => {
      list.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

/** The hint that a tab list goes on past the edge: a fade and an arrow (decoration only). */
function ScrollHint({ side }: { side: 'before' | 'after' }) {
  const Icon = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <span
      aria-hidden="true"
      data-testid={`tabs-more-${side}`}
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-10 items-center text-muted-foreground sm:hidden',
        side === 'before'
          ? '-left-4 justify-start bg-gradient-to-r from-background to-transparent pl-1'
          : '-right-4 justify-end bg-gradient-to-l from-background to-transparent pr-1',
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

export interface TabsProps<T extends string> {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  /** The content of the selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * Tabs following the WAI-ARIA pattern: one tab stop, arrow keys (and Home/End) move between
 * tabs and select them, the panel is labelled by its tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
  className,
}: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(listRef);
  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  // On a phone the tab list scrolls sideways: keep the selected tab in view.
  useEffect(() => {
    tabRefs.current.get(value)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  function selectAt(index: number) {
    const count = tabs.length;
    const next = tabs[((index % count) + count) % count];
    if (!next) return;
    onValueChange(next.value);
    tabRefs.current.get(next.value)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((tab) => tab.value === value);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    selectAt(target);
  }

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div className="relative">
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="-mx-4 flex gap-1 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0 [scrollbar-width:none]"
        >
          {tabs.map((tab) => {
            const selected = tab.value === value;
            return (
              <button
                key={tab.value}
                ref={(node) => {
                  if (node) tabRefs.current.set(tab.value, node);
                  else tabRefs.current.delete(tab.value);
                }}
                type="button"
                role="tab"
                id={tabId(tab.value)}
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                tabIndex={selected ? 0 : -1}
                onClick={() => onValueChange(tab.value)}
                className={cn(
                  '-mb-px min-h-11 shrink-0 whitespace-nowrap border-b-2 px-3 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  selected
                    ? 'border-brand text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {/* On a phone the tabs scroll sideways: say so where more of them hide. */}
        {edges.before ? <ScrollHint side="before" /> : null}
        {edges.after ? <ScrollHint side="after" /> : null}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
        {children}
      </div>
    </div>
  );
}
