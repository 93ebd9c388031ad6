import { type ReactNode, useCallback, useRef, useState } from 'react';

/**
 * The one confirm → PIN → receipt stepper behind every money flow that asks for a confirmation
 * (sending money, tipping from the app or the quick-tip page). It holds only the steps and the
 * rule that makes a payment happen at most once: a confirmation makes one Idempotency-Key, and
 * every try of that payment (a retry after a lost answer, the same payment again once the PIN
 * is entered) sends that key. What each step looks like, and what a refusal means, is the flow's.
 * It needs nothing but React, so that the light quick-tip page can use it.
 */

/** A payment the person has confirmed, with the key that every try of it sends. */
export interface Attempt<Request> {
  request: Request;
  idempotencyKey: string;
}

export type MoneyStep<Request, Result, Problem, FormState> =
  /** `state`: what the flow's form shows again after a refusal that sent the person back to it. */
  | { name: 'form'; state: FormState | null }
  | { name: 'confirm'; attempt: Attempt<Request>; sending: boolean; problem: Problem | null }
  /** The server asked for the PIN (a payment above the no-PIN limit). */
  | { name: 'pin'; attempt: Attempt<Request>; sending: boolean }
  | { name: 'done'; attempt: Attempt<Request>; result: Result };

/** Where a refused payment leads. */
export type Refusal<Problem, FormState> =
  | { to: 'pin' }
  /** Stay on the confirmation and say why; "try again" resends the same key. */
  | { to: 'confirm'; problem: Problem }
  /** Back to the form, with what it should show (a field to fix, a card refused). */
  | { to: 'form'; state: FormState | null };

export interface MoneyStepperOptions<Request, Result, Problem, FormState> {
  /** Sends the payment with its key; resolves with the outcome, rejects when refused. */
  submit: (attempt: Attempt<Request>) => Promise<Result>;
  refusalOf: (error: unknown, attempt: Attempt<Request>) => Refusal<Problem, FormState>;
}

export interface MoneyStepper<Request, Result, Problem, FormState> {
  step: MoneyStep<Request, Result, Problem, FormState>;
  /** The form's request, checked: shown on the confirmation with a new key. Nothing is sent yet. */
  confirm: (request: Request) => void;
  /** Sends the confirmed payment (again, with the same key, after a failure or the PIN). */
  send: () => void;
  /** Back to an empty form: from the confirmation or the PIN (nothing sent), or for a new payment. */
  restart: () => void;
  /** From the PIN step back to the confirmation, nothing sent. */
  backToConfirm: () => void;
}

/** A fresh key for one confirmed payment. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on secure pages; a phone on a local network address gets random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const FORM = { name: 'form', state: null } as const;

export function useMoneyStepper<Request, Result, Problem = never, FormState = never>(
  options: MoneyStepperOptions<Request, Result, Problem, FormState>,
): MoneyStepper<Request, Result, Problem, FormState> {
  const [step, setStep] = useState<MoneyStep<Request, Result, Problem, FormState>>(FORM);
  // The latest callbacks, read when an answer arrives, without re-creating send on every render.
  const latest = useRef(options);
  latest.current = options;
  const stepRef = useRef(step);
  stepRef.current = step;

  const send = useCallback(async () => {
    const current = stepRef.current;
    if ((current.name !== 'confirm' && current.name !== 'pin') || current.sending) return;
    const { attempt } = current;
    const sending: MoneyStep<Request, Result, Problem, FormState> =
      current.name === 'pin'
        ? { ...current, sending: true }
        : { name: 'confirm', attempt, sending: true, problem: null };
    // At once, not at the next render: a second click in between must not send twice.
    stepRef.current = sending;
    setStep(sending);
    try {
      const result = await latest.current.submit(attempt);
      setStep({ name: 'done', attempt, result });
    } catch (error) {
      const refusal = latest.current.refusalOf(error, attempt);
      if (refusal.to === 'pin') setStep({ name: 'pin', attempt, sending: false });
      else if (refusal.to === 'confirm')
        setStep({ name: 'confirm', attempt, sending: false, problem: refusal.problem });
      else setStep({ name: 'form', state: refusal.state });
    }
  }, []);

  return {
    step,
    confirm: useCallback(
      (request: Request) =>
        setStep({
          name: 'confirm',
          attempt: { request, idempotencyKey: newIdempotencyKey() },
          sending: false,
          problem: null,
        }),
      [],
    ),
    send: useCallback(() => void send(), [send]),
    restart: useCallback(() => setStep(FORM), []),
    backToConfirm: useCallback(
      () =>
        setStep((current) =>
          current.name === 'pin'
            ? { name: 'confirm', attempt: current.attempt, sending: false, problem: null }
            : current,
        ),
      [],
    ),
  };
}

/** Renders the stepper's current step with the flow's own view of each. */
export function MoneySteps<Request, Result, Problem, FormState>({
  stepper,
  form,
  confirm,
  pin,
  done,
}: {
  stepper: MoneyStepper<Request, Result, Problem, FormState>;
  form: (step: Extract<MoneyStep<Request, Result, Problem, FormState>, { name: 'form' }>) => ReactNode;
  confirm: (step: Extract<MoneyStep<Request, Result, Problem, FormState>, { name: 'confirm' }>) => ReactNode;
  pin: (step: Extract<MoneyStep<Request, Result, Problem, FormState>, { name: 'pin' }>) => ReactNode;
  done: (step: Extract<MoneyStep<Request, Result, Problem, FormState>, { name: 'done' }>) => ReactNode;
}) {
  const { step } = stepper;
  switch (step.name) {
    case 'form':
      return form(step);
    case 'confirm':
      return confirm(step);
    case 'pin':
      return pin(step);
    case 'done':
      return done(step);
  }
}
