import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The heading of a step in a multi-step flow. It takes focus when the step appears, so keyboard
 * and screen-reader users continue from the new step instead of from a button that is gone. A
 * step that starts with a field (the details of a payment) sets `takesFocus` to false: its first
 * field gets focus instead (the dialog it opens in puts it there).
 */
export function StepHeading({ children, takesFocus = true }: { children: ReactNode; takesFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takesFocus) ref.current?.focus();
  }, [takesFocus]);
  return (
    <h3 ref={ref} tabIndex={takesFocus ? -1 : undefined} className="text-base font-semibold outline-none">
      {children}
    </h3>
  );
}
