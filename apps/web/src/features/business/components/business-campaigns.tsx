import {
  type Campaign,
  type CreateCampaignRequest,
  createCampaignRequestSchema,
} from '@ztart/shared/contracts/business-insights';
import type { Business } from '@ztart/shared/contracts/businesses';
import { Megaphone, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { periodName } from '@/components/charts/format';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { businessQrImageUrl, useCampaigns, useCreateCampaign } from '@/features/business/api/insights';
import { useBusinessQrCodes } from '@/features/business/api/qr-codes';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { ForbiddenState, isForbidden } from '@/features/business/components/forbidden-state';
import { useErrorMessage } from '@/hooks/use-error-message';
import { validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';

/**
 * An enterprise business's QR campaigns (`manageCampaigns`): each with its dates, its QR code, its
 * scans and tips between its dates and how far it is to its goal; and a form for a new one.
 */
export function BusinessCampaigns({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const campaigns = useCampaigns(business.id);
  const titleId = useId();
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="business-campaigns">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone aria-hidden="true" className="size-5" />
        {t('campaigns.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('campaigns.description')}</p>
      {campaigns.isPending ? (
        <Skeleton className="h-32 rounded-xl" />
      ) : campaigns.isError ? (
        isForbidden(campaigns.error) ? (
          <ForbiddenState error={campaigns.error} testId="campaigns-forbidden" />
        ) : (
          <FormAlert>
            <p>{errorMessage(campaigns.error)}</p>
            <Button variant="outline" className="self-start" onClick={() => void campaigns.refetch()}>
              {t('actions.retry')}
            </Button>
          </FormAlert>
        )
      ) : (
        <>
          {campaigns.data.length === 0 ? (
            <p className="text-muted-foreground" data-testid="campaigns-empty">
              {t('campaigns.empty')}
            </p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {campaigns.data.map((campaign) => (
                <li key={campaign.id}>
                  <CampaignCard business={business} campaign={campaign} />
                </li>
              ))}
            </ul>
          )}
          {creating ? (
            <NewCampaignForm business={business} onDone={() => setCreating(false)} />
          ) : (
            <Button variant="outline" className="self-start" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              {t('campaigns.new')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function CampaignCard({ business, campaign }: { business: Business; campaign: Campaign }) {
  const { t, i18n } = useTranslation('business');
  const format = useFormatMoney();
  const titleId = useId();
  const percent = Math.min(100, Math.floor(campaign.progressBasisPoints / 100));
  return (
    <article
      aria-labelledby={titleId}
      data-testid="campaign"
      className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4"
    >
      <div className="flex items-start gap-3">
        <img
          src={businessQrImageUrl(business.id, campaign.qrCode, 'svg')}
          alt={t('qr.imageAlt', { title: campaign.qrCode.title })}
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-md border bg-white"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={titleId} className="truncate font-semibold">
            {campaign.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            {periodName(campaign.startsOn, campaign.endsOn, i18n.language)}
          </p>
          <Badge className="self-start" data-testid="campaign-status">
            {t(`campaigns.status.${campaign.status}`)}
          </Badge>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <div
          role="progressbar"
          aria-label={t('campaigns.progressLabel', { name: campaign.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm tabular-nums" data-testid="campaign-progress">
          {t('campaigns.progress', {
            raised: format(campaign.raisedMinor, campaign.currency),
            goal: format(campaign.goalMinor, campaign.currency),
            percent: Math.floor(campaign.progressBasisPoints / 100),
          })}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('campaigns.scans')}</dt>
          <dd className="font-medium tabular-nums" data-testid="campaign-scans">
            {campaign.scans}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('campaigns.tips')}</dt>
          <dd className="font-medium tabular-nums" data-testid="campaign-tips">
            {campaign.tipsCount}
          </dd>
        </div>
      </dl>
      <a href={campaign.qrCode.url} className="text-sm break-all underline underline-offset-4">
        {campaign.qrCode.url}
      </a>
    </article>
  );
}

const NEW_CODE = 'new';

function NewCampaignForm({ business, onDone }: { business: Business; onDone: () => void }) {
  const { t, i18n } = useTranslation('business');
  const fieldMessage = useFieldMessage();
  const amountProblem = useAmountProblemMessage();
  const create = useCreateCampaign(business.id);
  const codes = useBusinessQrCodes(business.id);
  const [name, setName] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [goal, setGoal] = useState('');
  const [qrCode, setQrCode] = useState(NEW_CODE);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | undefined> = {};
    const amount = checkAmount(goal, business.currency, i18n.language);
    if (!amount.ok) found.goalMinor = amountProblem(amount.problem, business.currency);
    const parsed = validate<CreateCampaignRequest>(createCampaignRequestSchema, {
      name,
      startsOn,
      endsOn,
      goalMinor: amount.ok ? amount.amountMinor : 1,
      ...(qrCode === NEW_CODE ? {} : { qrCodeId: qrCode }),
    });
    if (!parsed.success) {
      for (const [field, key] of Object.entries(parsed.errors)) found[field] ??= fieldMessage(key);
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (campaign) => {
        toast({ title: t('campaigns.created', { name: campaign.name }), variant: 'success' });
        onDone();
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4"
      aria-label={t('campaigns.new')}
      data-testid="campaign-form"
    >
      <TextField
        label={t('campaigns.name')}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          type="date"
          label={t('campaigns.startsOn')}
          value={startsOn}
          error={errors.startsOn}
          onChange={(event) => setStartsOn(event.target.value)}
        />
        <TextField
          type="date"
          label={t('campaigns.endsOn')}
          value={endsOn}
          error={errors.endsOn}
          onChange={(event) => setEndsOn(event.target.value)}
        />
      </div>
      <AmountField
        label={t('campaigns.goal')}
        currency={business.currency}
        value={goal}
        error={errors.goalMinor}
        onValueChange={setGoal}
      />
      <Field label={t('campaigns.qrCode')} hint={t('campaigns.qrCodeHint')} error={errors.qrCodeId}>
        {(control) => (
          <select
            {...control}
            className={INPUT_CLASS}
            value={qrCode}
            onChange={(event) => setQrCode(event.target.value)}
          >
            <option value={NEW_CODE}>{t('campaigns.newQrCode')}</option>
            {(codes.data ?? []).map((code) => (
              <option key={code.id} value={code.id}>
                {code.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      {create.isError ? <BusinessProblem error={create.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('campaigns.creating') : t('campaigns.create')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
