import type { ZodType } from 'zod';
import { type ValidationResult, validate } from '@/lib/forms/form-errors';
import { onDemand } from '@/lib/on-demand';

export interface SchemaOnDemand<T> {
  /** Starts loading the schema: call it when the form is first used (its first focus). */
  preload: () => void;
  /** Checks the values, waiting for the schema if it has not arrived yet. */
  validate: (values: Record<string, unknown>) => Promise<ValidationResult<T>>;
}

/**
 * A form's schema, loaded when the form is first used instead of with its screen: the schema
 * library then stays out of the screen's first load, which a slow phone feels (decision 0060).
 */
export function schemaOnDemand<T>(load: () => Promise<ZodType<T>>): SchemaOnDemand<T> {
  const schema = onDemand(load);
  return {
    preload: () => void schema.load().catch(() => undefined),
    validate: async (values) => {
      const loaded = schema.current() ?? (await schema.load().catch(() => undefined));
      // Without the schema (its download failed), the server checks the values with the same one
      // and answers with the fields' errors.
      return loaded ? validate(loaded, values) : { success: true, data: values as T };
    },
  };
}
