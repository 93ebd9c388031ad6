import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The heading of a step in a multi-step flow. It takes focus when the step appears, so keyboard
 * and screen-reader users continue from the new step instead of from a button that is gone.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h3 ref={ref} tabIndex={-1} className="text-base font-semibold outline-none">
      {children}
    </h3>
  );
}
