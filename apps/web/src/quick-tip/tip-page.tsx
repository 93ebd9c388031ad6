import type { QuickTipProfile, Tip, TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import { fetchWalletFigures, sendTip, type Visitor, type WalletFigures } from './api.ts';
import { ConfirmStep } from './components/confirm-step.tsx';
import { DoneStep } from './components/done-step.tsx';
import { PinStep } from './components/pin-step.tsx';
import { ReceiverHeading } from './components/receiver.tsx';
import { useDocumentTitle } from './components/states.tsx';
import { TipForm } from './components/tip-form.tsx';
import { simulateTip } from './demo.ts';
import { failureOf } from './failures.ts';
import { type DraftContext, initialDraft, type LinkParams, type TipDraft, tipCurrency } from './form.ts';
import { useI18n } from './i18n.ts';
import type { FieldProblems, Problem } from './problems.ts';

/** What the form shows again when a refusal sends the person back to it. */
interface FormProblems {
  problems: FieldProblems;
  cardProblem: Problem | null;
  formProblem: Problem | null;
}

const NO_PROBLEMS: FormProblems = { problems: {}, cardProblem: null, formProblem: null };

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
  const name = profile.business?.name || profile.fullName || `@${profile.ztartag}`;
  useDocumentTitle(t('page.tipTitle', { name }));
  const ownPage = visitor.signedIn && visitor.ztartag === profile.ztartag;
  const currency = tipCurrency({ profile, params });
  const walletState = useWalletFigures(visitor.signedIn && !ownPage && !params.embed && !demo, currency);
  const offerWallet = walletState !== 'unavailable';
  const wallet = walletState === 'unavailable' ? null : walletState;
  const [draft, setDraft] = useState<TipDraft>(() => initialDraft(profile));
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const context: DraftContext = useMemo(
    () => ({ profile, params, language, now: now(), wallet, money }),
    [profile, params, language, now, wallet, money],
  );

  const stepper = useMoneyStepper<TipRequestInput, Tip, Problem, FormProblems>({
    submit: ({ request, idempotencyKey }) =>
      demo ? simulateTip(request, name) : sendTip(request, idempotencyKey),
    refusalOf: (error, { request }) => {
      const failure = failureOf(error, {
        currency: request.currency,
        cardNumber: request.card?.number ?? '',
        money,
      });
      switch (failure.kind) {
        case 'pin':
          return { to: 'pin' };
        case 'retry':
          return { to: 'confirm', problem: failure.problem };
        case 'notFound':
          onNotFound();
          return { to: 'form', state: null };
        case 'fields':
          return { to: 'form', state: { ...NO_PROBLEMS, problems: failure.problems } };
        case 'card':
          // Another card, or the same once more: everything typed stays but the security code,
          // which is never kept once the processor has seen it.
          setDraft((current) => ({ ...current, card: { ...current.card, cvc: '' } }));
          return { to: 'form', state: { ...NO_PROBLEMS, cardProblem: failure.problem } };
        case 'form':
          return { to: 'form', state: { ...NO_PROBLEMS, formProblem: failure.problem } };
      }
    },
  });
  const { step } = stepper;

  // A new step moves focus to its heading, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (step.name !== 'form') stepHeading.current?.focus();
  }, [step.name]);

  const header = <ReceiverHeading profile={profile} compact={step.name !== 'form' || params.embed} />;

  return (
    <>
      {header}
      <MoneySteps
        stepper={stepper}
        form={({ state }) => (
          <TipForm
            draft={draft}
            onDraft={setDraft}
            context={context}
            ownPage={ownPage}
            offerWallet={offerWallet}
            initialProblems={state?.problems ?? {}}
            cardProblem={state?.cardProblem ?? null}
            formProblem={state?.formProblem ?? null}
            onConfirm={stepper.confirm}
          />
        )}
        confirm={({ attempt, sending, problem }) => (
          <ConfirmStep
            headingRef={stepHeading}
            profile={profile}
            attempt={attempt}
            sending={sending}
            problem={problem}
            onSend={stepper.send}
            onEdit={stepper.restart}
          />
        )}
        pin={({ attempt, sending }) => (
          <PinStep
            headingRef={stepHeading}
            attempt={attempt}
            noPinMaxMinor={wallet?.noPinMaxMinor ?? null}
            sending={sending}
            onVerified={stepper.send}
            onCancel={stepper.backToConfirm}
          />
        )}
        done={({ attempt, result }) => (
          <DoneStep
            headingRef={stepHeading}
            profile={profile}
            attempt={attempt}
            tip={result}
            demo={demo}
            onAgain={() => {
              setDraft(initialDraft(profile));
              stepper.restart();
            }}
          />
        )}
      />
    </>
  );
}
