import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { schemaOnDemand } from '@/lib/forms/schema-on-demand';

const schema = z.object({ email: z.email('validation.email') });

describe('schemaOnDemand', () => {
  it('loads the schema once, on the first preload or check, and checks with it', async () => {
    const load = vi.fn(async () => schema);
    const form = schemaOnDemand(load);
    expect(load).not.toHaveBeenCalled();
    form.preload();
    form.preload();
    expect(await form.validate({ email: 'nope' })).toEqual({
      success: false,
      errors: { email: 'validation:email' },
    });
    expect(await form.validate({ email: 'ana@example.com' })).toEqual({
      success: true,
      data: { email: 'ana@example.com' },
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the check to the server when the schema cannot load, and tries again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(schema);
    const form = schemaOnDemand(load);
    expect(await form.validate({ email: 'nope' })).toEqual({ success: true, data: { email: 'nope' } });
    expect((await form.validate({ email: 'nope' })).success).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
