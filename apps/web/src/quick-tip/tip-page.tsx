import type { QuickTipProfile, Tip, TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchWalletFigures, sendTip, type Visitor, type WalletFigures } from './api.ts';
import { ConfirmStep } from './components/confirm-step.tsx';
import { DoneStep } from './components/done-step.tsx';
import { PinStep } from './components/pin-step.tsx';
import { ReceiverHeading } from './components/receiver.tsx';
import { useDocumentTitle } from './components/states.tsx';
import { TipForm } from './components/tip-form.tsx';
import { simulateTip } from './demo.ts';
import { failureOf } from './failures.ts';
import {
  type DraftContext,
  initialDraft,
  type LinkParams,
  newIdempotencyKey,
  type TipDraft,
  tipCurrency,
} from './form.ts';
import { useI18n } from './i18n.ts';
import type { FieldProblems, Problem } from './problems.ts';

/** A tip the person has confirmed, with the one key that every try of it sends. */
export interface Attempt {
  request: TipRequestInput;
  idempotencyKey: string;
}

type Step =
  | { name: 'form'; problems: FieldProblems; cardProblem: Problem | null; formProblem: Problem | null }
  | { name: 'confirm'; attempt: Attempt; sending: boolean; problem: Problem | null }
  | { name: 'pin'; attempt: Attempt; sending: boolean }
  | { name: 'done'; attempt: Attempt; tip: Tip };

const FORM: Extract<Step, { name: 'form' }> = {
  name: 'form',
  problems: {},
  cardProblem: null,
  formProblem: null,
};

/**
 * The signed-in person's balance, when paying from it makes sense here: null while it loads,
 * 'unavailable' when it cannot be read (the card remains, no message needed).
 */
function useWalletFigures(offer: boolean, currency: string): WalletFigures | null | 'unavailable' {
  const [figures, setFigures] = useState<WalletFigures | null | 'unavailable'>(null);
  useEffect(() => {
    if (!offer) return;
    const controller = new AbortController();
    fetchWalletFigures(currency, controller.signal).then(setFigures, () => {
      if (!controller.signal.aborted) setFigures('unavailable');
    });
    return () => controller.abort();
  }, [offer, currency]);
  return offer ? figures : 'unavailable';
}

export interface TipPageProps {
  profile: QuickTipProfile;
  visitor: Visitor;
  params: LinkParams;
  demo: boolean;
  now: () => Date;
  onNotFound: () => void;
}

/**
 * The receiver, then the form → confirmation → (PIN) → result. Nothing is sent before the
 * confirmation; a confirmation makes one Idempotency-Key, used again by every retry of that tip
 * (after a lost answer or the PIN), so the tip is made at most once.
 */
export function TipPage({ profile, visitor, params, demo, now, onNotFound }: TipPageProps) {
  const { t, money, language } = useI18n();
  const name = profile.fullName || `@${profile.ztartag}`;
  useDocumentTitle(t('page.tipTitle', { name }));
  const ownPage = visitor.signedIn && visitor.ztartag === profile.ztartag;
  const currency = tipCurrency({ profile, params });
  const walletState = useWalletFigures(visitor.signedIn && !ownPage && !params.embed && !demo, currency);
  const offerWallet = walletState !== 'unavailable';
  const wallet = walletState === 'unavailable' ? null : walletState;
  const [draft, setDraft] = useState<TipDraft>(() => initialDraft(profile));
  const [step, setStep] = useState<Step>(FORM);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const context: DraftContext = useMemo(
    () => ({ profile, params, language, now: now(), wallet, money }),
    [profile, params, language, now, wallet, money],
  );

  // A new step moves focus to its heading, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (step.name !== 'form') stepHeading.current?.focus();
  }, [step.name]);

  const send = useCallback(
    async (attempt: Attempt) => {
      setStep((current) =>
        current.name === 'pin'
          ? { ...current, sending: true }
          : { name: 'confirm', attempt, sending: true, problem: null },
      );
      try {
        const tip = demo
          ? await simulateTip(attempt.request, name)
          : await sendTip(attempt.request, attempt.idempotencyKey);
        setStep({ name: 'done', attempt, tip });
      } catch (error) {
        const failure = failureOf(error, {
          currency: attempt.request.currency,
          cardNumber: attempt.request.card?.number ?? '',
          money,
        });
        switch (failure.kind) {
          case 'pin':
            setStep({ name: 'pin', attempt, sending: false });
            return;
          case 'notFound':
            onNotFound();
            return;
          case 'retry':
            setStep({ name: 'confirm', attempt, sending: false, problem: failure.problem });
            return;
          case 'fields':
            setStep({ ...FORM, problems: failure.problems });
            return;
          case 'card':
            setStep({ ...FORM, cardProblem: failure.problem });
            return;
          case 'form':
            setStep({ ...FORM, formProblem: failure.problem });
            return;
        }
      }
    },
    [demo, money, name, onNotFound],
  );

  const header = <ReceiverHeading profile={profile} compact={step.name !== 'form' || params.embed} />;

  switch (step.name) {
    case 'form':
      return (
        <>
          {header}
          <TipForm
            draft={draft}
            onDraft={setDraft}
            context={context}
            ownPage={ownPage}
            offerWallet={offerWallet}
            initialProblems={step.problems}
            cardProblem={step.cardProblem}
            formProblem={step.formProblem}
            onConfirm={(request) =>
              setStep({
                name: 'confirm',
                attempt: { request, idempotencyKey: newIdempotencyKey() },
                sending: false,
                problem: null,
              })
            }
          />
        </>
      );
    case 'confirm':
      return (
        <>
          {header}
          <ConfirmStep
            headingRef={stepHeading}
            profile={profile}
            attempt={step.attempt}
            sending={step.sending}
            problem={step.problem}
            onSend={() => void send(step.attempt)}
            onEdit={() => setStep(FORM)}
          />
        </>
      );
    case 'pin':
      return (
        <>
          {header}
          <PinStep
            headingRef={stepHeading}
            attempt={step.attempt}
            noPinMaxMinor={wallet?.noPinMaxMinor ?? null}
            sending={step.sending}
            onVerified={() => void send(step.attempt)}
            onCancel={() =>
              setStep({ name: 'confirm', attempt: step.attempt, sending: false, problem: null })
            }
          />
        </>
      );
    case 'done':
      return (
        <>
          {header}
          <DoneStep
            headingRef={stepHeading}
            profile={profile}
            attempt={step.attempt}
            tip={step.tip}
            demo={demo}
            onAgain={() => {
              setDraft(initialDraft(profile));
              setStep(FORM);
            }}
          />
        </>
      );
  }
}
