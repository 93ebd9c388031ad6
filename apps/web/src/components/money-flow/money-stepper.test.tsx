import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Attempt, newIdempotencyKey, type Refusal, useMoneyStepper } from './money-stepper';

interface Payment {
  amountMinor: number;
}

/** A server that answers each try from a script: a value is a success, an Error a refusal. */
function scriptedServer(answers: Array<string | Error>) {
  const tries: Attempt<Payment>[] = [];
  const submit = async (attempt: Attempt<Payment>) => {
    tries.push(attempt);
    const answer = answers.shift();
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no answer');
    return answer;
  };
  return { tries, submit };
}

const refusalOf = (error: unknown): Refusal<string, string> => {
  const message = error instanceof Error ? error.message : '';
  if (message === 'pin_required') return { to: 'pin' };
  if (message === 'network_error') return { to: 'confirm', problem: 'try again' };
  return { to: 'form', state: message };
};

function renderStepper(answers: Array<string | Error>) {
  const server = scriptedServer(answers);
  const view = renderHook(() =>
    useMoneyStepper<Payment, string, string, string>({ submit: server.submit, refusalOf }),
  );
  return { ...server, view };
}

describe('the money stepper: confirm, PIN when asked, receipt', () => {
  it('sends nothing before the confirmation, then shows the receipt', async () => {
    const { tries, view } = renderStepper(['receipt-1']);
    act(() => view.result.current.confirm({ amountMinor: 1_234 }));
    expect(view.result.current.step).toMatchObject({ name: 'confirm', sending: false, problem: null });
    expect(tries).toHaveLength(0);

    act(() => view.result.current.send());
    await waitFor(() =>
      expect(view.result.current.step).toMatchObject({ name: 'done', result: 'receipt-1' }),
    );
    expect(tries).toHaveLength(1);
  });

  it('asks for the PIN when the server does, then sends the same payment with the same key', async () => {
    const { tries, view } = renderStepper([new Error('pin_required'), 'receipt']);
    act(() => view.result.current.confirm({ amountMinor: 6_000 }));
    act(() => view.result.current.send());
    await waitFor(() => expect(view.result.current.step.name).toBe('pin'));

    act(() => view.result.current.send());
    await waitFor(() => expect(view.result.current.step.name).toBe('done'));
    expect(tries.map((attempt) => attempt.idempotencyKey)).toEqual([
      tries[0]?.idempotencyKey,
      tries[0]?.idempotencyKey,
    ]);
  });

  it('stays on the confirmation after a lost answer and retries with the same key; a new confirmation has a new one', async () => {
    const { tries, view } = renderStepper([new Error('network_error'), 'receipt', 'second receipt']);
    act(() => view.result.current.confirm({ amountMinor: 500 }));
    act(() => view.result.current.send());
    await waitFor(() =>
      expect(view.result.current.step).toMatchObject({ name: 'confirm', problem: 'try again' }),
    );
    act(() => view.result.current.send());
    await waitFor(() => expect(view.result.current.step.name).toBe('done'));

    act(() => view.result.current.restart());
    act(() => view.result.current.confirm({ amountMinor: 500 }));
    act(() => view.result.current.send());
    await waitFor(() => expect(view.result.current.step.name).toBe('done'));
    const [first, retry, next] = tries.map((attempt) => attempt.idempotencyKey);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('sends once however fast the button is pressed twice', async () => {
    const { tries, view } = renderStepper(['receipt']);
    act(() => view.result.current.confirm({ amountMinor: 100 }));
    act(() => {
      view.result.current.send();
      view.result.current.send();
    });
    await waitFor(() => expect(view.result.current.step.name).toBe('done'));
    expect(tries).toHaveLength(1);
  });

  it('goes back to the form with what it should show when the refusal is about the form', async () => {
    const { view } = renderStepper([new Error('card_declined')]);
    act(() => view.result.current.confirm({ amountMinor: 100 }));
    act(() => view.result.current.send());
    await waitFor(() => expect(view.result.current.step).toEqual({ name: 'form', state: 'card_declined' }));
  });

  it('makes keys that differ and fit the header', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(255);
  });
});
