import type {
  CreateOrderRequest,
  InstrumentQuote,
  InvestmentOrderResult,
  OrderSide,
  Position,
} from '@ztart/shared/contracts/investments';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { quantityBought, quantitySold, worthAt } from '@ztart/shared/market';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { formatAmountForInput } from '@/components/money/amount-input';
import { useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import { ConfirmActions, MovementReceipt, SummaryList } from '@/components/money-flow/movement-parts';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { StepHeading } from '@/components/money-flow/step-heading';
import { Button } from '@/components/ui/button';
import { usePlaceOrder } from '@/features/investments/api/investments';
import { formatQuantity } from '@/features/investments/quantity';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { useWallet } from '@/lib/wallet/get-wallet';
import { availableIn } from '@/lib/wallet/wallet-figures';

/**
 * Buying or selling an amount of one instrument: the amount, then a confirmation with the price
 * of the day and the quantity it comes to, then (above the no-PIN amount) the PIN, then the
 * receipt. The same order is sent again with the same key after a PIN or a lost answer.
 */
export function OrderFlow({
  instrument,
  position,
  initialSide,
  onFinished,
}: {
  instrument: InstrumentQuote;
  position: Position | null;
  initialSide: OrderSide;
  onFinished: () => void;
}) {
  const place = usePlaceOrder();
  const stepper = useMoneyStepper<CreateOrderRequest, InvestmentOrderResult, unknown>({
    submit: ({ request, idempotencyKey }) => place.mutateAsync({ body: request, idempotencyKey }),
    refusalOf: (error) =>
      error instanceof ApiError && error.code === 'pin_required'
        ? { to: 'pin' }
        : { to: 'confirm', problem: error },
  });
  return (
    <MoneySteps
      stepper={stepper}
      form={() => (
        <AmountStep
          instrument={instrument}
          position={position}
          initialSide={initialSide}
          onContinue={stepper.confirm}
          onCancel={onFinished}
        />
      )}
      confirm={(step) => (
        <ConfirmStep
          instrument={instrument}
          request={step.attempt.request}
          pending={step.sending}
          error={step.problem}
          onSend={stepper.send}
          onBack={stepper.restart}
        />
      )}
      pin={(step) => (
        <PinStep
          instrument={instrument}
          request={step.attempt.request}
          sending={step.sending}
          onVerified={stepper.send}
          onBack={stepper.backToConfirm}
        />
      )}
      done={(step) => <DoneStep instrument={instrument} result={step.result} onFinished={onFinished} />}
    />
  );
}

function AmountStep({
  instrument,
  position,
  initialSide,
  onContinue,
  onCancel,
}: {
  instrument: InstrumentQuote;
  position: Position | null;
  initialSide: OrderSide;
  onContinue: (request: CreateOrderRequest) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['investments', 'wallet']);
  const format = useFormatMoney();
  const problemMessage = useAmountProblemMessage();
  const errorMessage = useErrorMessage();
  const wallet = useWallet();
  const sideName = useId();
  const [side, setSide] = useState<OrderSide>(position ? initialSide : 'buy');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const { currency } = instrument;
  const available = wallet.data ? availableIn(wallet.data, currency) : null;
  // What the holding is worth today: the most a sale can ask for.
  const worth = position ? worthAt(position.quantityMicro, instrument.priceMinor) : 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(amount, currency, i18n.language, { maxMinor: AMOUNT_LIMITS.transferMaxMinor });
    if (!check.ok) {
      setProblem(problemMessage(check.problem, currency));
      return;
    }
    if (side === 'buy' && available !== null && check.amountMinor > available) {
      setProblem(errorMessage('insufficient_balance'));
      return;
    }
    if (side === 'buy' && quantityBought(check.amountMinor, instrument.priceMinor) === 0) {
      setProblem(errorMessage('amount_too_small'));
      return;
    }
    if (side === 'sell' && check.amountMinor > worth) {
      setProblem(errorMessage('insufficient_holdings'));
      return;
    }
    onContinue({ symbol: instrument.symbol, side, amountMinor: check.amountMinor });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('investments:order.sideLegend')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['buy', 'sell'] as const).map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:checked]:text-brand-soft-foreground has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={sideName}
                value={choice}
                className="sr-only"
                checked={side === choice}
                disabled={choice === 'sell' && !position}
                onChange={() => {
                  setSide(choice);
                  setProblem(undefined);
                }}
              />
              {t(`investments:order.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <AmountField
        label={side === 'buy' ? t('investments:order.amountBuy') : t('investments:order.amountSell')}
        currency={currency}
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          setProblem(undefined);
        }}
        error={problem}
        hint={
          side === 'buy'
            ? available !== null
              ? t('investments:order.availableHint', { amount: format(available, currency) })
              : undefined
            : t('investments:order.worthHint', { amount: format(worth, currency) })
        }
      />
      {side === 'sell' && worth > 0 ? (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => {
            setAmount(formatAmountForInput(worth, currency, i18n.language));
            setProblem(undefined);
          }}
        >
          {t('investments:order.sellAll')}
        </Button>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {t('investments:order.priceNote', {
          price: format(instrument.priceMinor, currency),
          symbol: instrument.symbol,
        })}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1">
          {t('wallet:actions.continue')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel}>
          {t('investments:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({
  instrument,
  request,
  pending,
  error,
  onSend,
  onBack,
}: {
  instrument: InstrumentQuote;
  request: CreateOrderRequest;
  pending: boolean;
  error: unknown;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation(['investments', 'wallet']);
  const format = useFormatMoney();
  const amount = format(request.amountMinor, instrument.currency);
  const quantityMicro =
    request.side === 'buy'
      ? quantityBought(request.amountMinor, instrument.priceMinor)
      : quantitySold(request.amountMinor, instrument.priceMinor);
  const wallet = t('wallet:flows.walletOf', { currency: instrument.currency });
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>
        {request.side === 'buy'
          ? t('investments:order.confirmBuyTitle')
          : t('investments:order.confirmSellTitle')}
      </StepHeading>
      <p className="text-center text-3xl font-semibold tabular-nums">{amount}</p>
      <SummaryList
        rows={[
          { label: t('investments:order.instrument'), value: `${instrument.name} (${instrument.symbol})` },
          { label: t('investments:order.price'), value: format(instrument.priceMinor, instrument.currency) },
          {
            label: t('investments:order.quantity'),
            value: t('investments:order.quantityAbout', {
              quantity: formatQuantity(quantityMicro, i18n.language),
            }),
          },
          request.side === 'buy'
            ? { label: t('wallet:flows.from'), value: wallet }
            : { label: t('wallet:flows.to'), value: wallet },
          { label: t('wallet:flows.fee'), value: t('wallet:flows.noFee') },
        ]}
      />
      <p className="text-sm text-muted-foreground">{t('investments:order.simulatedNote')}</p>
      <ConfirmActions
        error={error}
        currency={instrument.currency}
        pending={pending}
        sendingLabel={t('investments:order.sending')}
        confirmLabel={
          request.side === 'buy'
            ? t('investments:order.confirmBuy', { amount })
            : t('investments:order.confirmSell', { amount })
        }
        onConfirm={onSend}
        onBack={onBack}
      />
    </div>
  );
}

function PinStep({
  instrument,
  request,
  sending,
  onVerified,
  onBack,
}: {
  instrument: InstrumentQuote;
  request: CreateOrderRequest;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('investments');
  const format = useFormatMoney();
  const amount = format(request.amountMinor, instrument.currency);
  return (
    <MoneyPinStep
      body={
        request.side === 'buy'
          ? t('order.pinBodyBuy', { amount, name: instrument.name })
          : t('order.pinBodySell', { amount, name: instrument.name })
      }
      submitLabel={
        request.side === 'buy' ? t('order.confirmBuy', { amount }) : t('order.confirmSell', { amount })
      }
      sendingLabel={t('order.sending')}
      sending={sending}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function DoneStep({
  instrument,
  result,
  onFinished,
}: {
  instrument: InstrumentQuote;
  result: InvestmentOrderResult;
  onFinished: () => void;
}) {
  const { t, i18n } = useTranslation('investments');
  const format = useFormatMoney();
  const { order } = result;
  return (
    <div className="flex flex-col gap-4">
      <MovementReceipt
        initial={result.transaction}
        title={() =>
          order.side === 'buy'
            ? t('order.doneBuy', { amount: format(order.amountMinor, order.currency), symbol: order.symbol })
            : t('order.doneSell', { amount: format(order.amountMinor, order.currency), symbol: order.symbol })
        }
        rows={[
          { label: t('order.instrument'), value: `${instrument.name} (${order.symbol})` },
          { label: t('order.price'), value: format(order.priceMinor, order.currency) },
          { label: t('order.quantity'), value: formatQuantity(order.quantityMicro, i18n.language) },
          ...(order.side === 'sell'
            ? [{ label: t('order.realized'), value: format(order.realizedMinor, order.currency) }]
            : []),
        ]}
      />
      <p className="text-center text-sm text-muted-foreground">{t('order.simulatedNote')}</p>
      <Button size="lg" onClick={onFinished}>
        {t('actions.done')}
      </Button>
    </div>
  );
}
