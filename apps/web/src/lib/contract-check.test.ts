import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AnswerShapeError, contractCheck, resetFirstScreenForTests } from '@/lib/contract-check';

const answerSchema = z.object({ count: z.number().int() });

describe('contractCheck', () => {
  afterEach(() => {
    resetFirstScreenForTests();
  });

  it('uses a first answer at once and checks it once the contract has loaded', async () => {
    // The contract arrives when the test says so, however soon the page counts as idle.
    let arrive: (() => void) | undefined;
    const load = vi.fn(
      () => new Promise<typeof answerSchema>((resolve) => (arrive = () => resolve(answerSchema))),
    );
    const contract = contractCheck(load);
    const mismatch = vi.fn();

    await expect(contract.check({ count: 'many' }, mismatch)).resolves.toEqual({ count: 'many' });
    expect(contract.loaded()).toBe(false);
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(mismatch).not.toHaveBeenCalled();
    arrive?.();
    await vi.waitFor(() => expect(mismatch).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(contract.loaded()).toBe(true);
  });

  it('says nothing about a first answer that matches', async () => {
    const contract = contractCheck(async () => answerSchema);
    const mismatch = vi.fn();
    await expect(contract.check({ count: 3 }, mismatch)).resolves.toEqual({ count: 3 });
    await vi.waitFor(() => expect(contract.loaded()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('checks every answer before use once the contract has loaded', async () => {
    const contract = contractCheck(async () => answerSchema);
    await contract.check({ count: 1 }, () => undefined);
    await vi.waitFor(() => expect(contract.loaded()).toBe(true));

    const mismatch = vi.fn();
    await expect(contract.check({ count: 'many' }, mismatch)).rejects.toThrow();
    await expect(contract.check({ count: 2, extra: true }, mismatch)).resolves.toEqual({ count: 2 });
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('refuses at once an answer that is not a JSON object', async () => {
    const load = vi.fn(async () => answerSchema);
    const contract = contractCheck(load);
    for (const body of [null, undefined, 'html', 3, [{ count: 1 }]]) {
      await expect(contract.check(body, () => undefined)).rejects.toBeInstanceOf(AnswerShapeError);
    }
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the contract again for the next answer when it could not load', async () => {
    const load = vi
      .fn<() => Promise<typeof answerSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(answerSchema);
    const contract = contractCheck(load);
    const mismatch = vi.fn();
    await contract.check({ count: 'many' }, mismatch);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(contract.loaded()).toBe(false);

    await contract.check({ count: 'lots' }, mismatch);
    await vi.waitFor(() => expect(mismatch).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
