import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '@/lib/forms/form-errors';

/**
 * A form's field errors. Showing errors moves focus to the first invalid field (in the order
 * of the form), so keyboard and screen-reader users land where the problem is.
 */
export function useFormErrors<F extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const showErrors = useCallback((next: FieldErrors<F>) => {
    setErrors(next);
    if (Object.keys(next).length > 0) setFocusRequest((count) => count + 1);
  }, []);

  const clearError = useCallback((field: F) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { formRef, errors, showErrors, clearError };
}
