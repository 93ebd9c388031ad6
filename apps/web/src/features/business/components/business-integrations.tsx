import {
  type ApiKey,
  type Business,
  type CreatedApiKey,
  createApiKeyRequestSchema,
  createWebhookRequestSchema,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
} from '@ztart/shared/contracts/businesses';
import { Copy, KeyRound, Send, Webhook as WebhookIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDestructive } from '@/components/confirm-destructive';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import {
  useApiKeys,
  useCreateApiKey,
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useRevokeApiKey,
  useSendTestEvent,
  useWebhooks,
} from '@/features/business/api/integrations';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { ForbiddenState, isForbidden } from '@/features/business/components/forbidden-state';
import { useErrorMessage } from '@/hooks/use-error-message';
import { dateTimeFormat } from '@/lib/date-format';
import { validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

/** Each event's words (its name has a dot, which translation keys cannot hold). */
const EVENT_KEYS = {
  'tip.received': 'tipReceived',
  'transfer.received': 'transferReceived',
  'transfer.sent': 'transferSent',
  'invoice.paid': 'invoicePaid',
  ping: 'ping',
} as const satisfies Record<WebhookDelivery['event'], string>;

/**
 * An enterprise business's integrations (decision 0047): webhooks (which events, the signing
 * secret shown once, a test event and the delivery log) and API keys (shown once, revocable).
 */
export function BusinessIntegrations({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4" data-testid="integrations">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('integrations.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('integrations.description')}</p>
      </div>
      <Webhooks business={business} />
      <ApiKeys business={business} />
    </section>
  );
}

function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      <Skeleton className="h-14 rounded-xl" />
      <Skeleton className="h-14 rounded-xl" />
    </div>
  );
}

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  if (isForbidden(error)) return <ForbiddenState error={error} />;
  return (
    <FormAlert>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" className="self-start" onClick={retry}>
        {t('actions.retry')}
      </Button>
    </FormAlert>
  );
}

/** A secret or key shown this once, with a way to copy it. */
function ShownOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('business');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: t('integrations.copied'), variant: 'success' });
    } catch {
      toast({ title: t('integrations.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-brand bg-brand-soft/30 p-3" role="status">
      <p className="text-sm font-medium">{label}</p>
      <p data-testid={testId} className="rounded bg-card px-3 py-2 font-mono text-sm break-all select-all">
        {value}
      </p>
      <p className="text-sm text-muted-foreground">{t('integrations.shownOnce')}</p>
      <Button variant="outline" className="self-start" onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        {t('integrations.copy')}
      </Button>
    </div>
  );
}

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

function Webhooks({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const webhooks = useWebhooks(business.id);
  const [created, setCreated] = useState<Webhook | null>(null);
  return (
    <Card
      icon={<WebhookIcon aria-hidden="true" className="size-4" />}
      title={t('integrations.webhooks.title')}
    >
      <p className="text-sm text-muted-foreground">{t('integrations.webhooks.hint')}</p>
      {webhooks.isPending ? (
        <Loading label={t('integrations.loading')} />
      ) : webhooks.isError ? (
        <LoadFailed error={webhooks.error} retry={() => void webhooks.refetch()} />
      ) : (
        <>
          {created?.secret ? (
            <ShownOnce
              label={t('integrations.webhooks.secret')}
              value={created.secret}
              testId="webhook-secret"
            />
          ) : null}
          {webhooks.data.items.length === 0 ? (
            <p className="text-sm">{t('integrations.webhooks.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-lg border">
              {webhooks.data.items.map((hook) => (
                <WebhookRow key={hook.id} business={business} hook={hook} />
              ))}
            </ul>
          )}
          <WebhookForm business={business} onCreated={setCreated} />
        </>
      )}
    </Card>
  );
}

function WebhookForm({ business, onCreated }: { business: Business; onCreated: (hook: Webhook) => void }) {
  const { t } = useTranslation('business');
  const fieldMessage = useFieldMessage();
  const create = useCreateWebhook(business.id);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENTS]);
  const { formRef, errors, showErrors, clearError } = useFormErrors<'url' | 'events'>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(createWebhookRequestSchema, { url: url.trim(), events });
    if (!parsed.success) {
      showErrors({
        ...(parsed.errors.url ? { url: parsed.errors.url } : {}),
        ...(parsed.errors.events ? { events: 'validation:required' } : {}),
      });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (hook) => {
        onCreated(hook);
        setUrl('');
        toast({ title: t('integrations.webhooks.added'), variant: 'success' });
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-3 border-t pt-3">
      <h4 className="text-sm font-medium">{t('integrations.webhooks.add')}</h4>
      <TextField
        label={t('integrations.webhooks.url')}
        hint={t('integrations.webhooks.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        placeholder="https://"
        value={url}
        error={fieldMessage(errors.url)}
        onChange={(event) => {
          setUrl(event.target.value);
          clearError('url');
        }}
      />
      <fieldset className="flex flex-col">
        <legend className="text-sm font-medium">{t('integrations.webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <CheckboxField
            key={name}
            label={t(`integrations.events.${EVENT_KEYS[name]}`)}
            checked={events.includes(name)}
            onChange={(event) => {
              clearError('events');
              setEvents((current) =>
                event.target.checked ? [...current, name] : current.filter((item) => item !== name),
              );
            }}
          />
        ))}
        {errors.events ? (
          <p className="text-sm text-destructive" role="alert">
            {t('integrations.webhooks.eventsRequired')}
          </p>
        ) : null}
      </fieldset>
      {create.isError ? <BusinessProblem error={create.error} /> : null}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? t('integrations.webhooks.adding') : t('integrations.webhooks.submit')}
      </Button>
    </form>
  );
}

function WebhookRow({ business, hook }: { business: Business; hook: Webhook }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const test = useSendTestEvent(business.id, hook.id);
  const [logOpen, setLogOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const logId = useId();
  return (
    <li className="flex flex-col gap-2 p-3" data-testid="webhook">
      <p className="font-mono text-sm break-all">{hook.url}</p>
      <div className="flex flex-wrap gap-1">
        {hook.events.map((name) => (
          <Badge key={name} variant="neutral">
            {t(`integrations.events.${EVENT_KEYS[name]}`)}
          </Badge>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: (delivery) => {
                setLogOpen(true);
                toast({
                  title: delivery.deliveredAt
                    ? t('integrations.webhooks.testDelivered')
                    : t('integrations.webhooks.testFailed'),
                  variant: delivery.deliveredAt ? 'success' : 'destructive',
                });
              },
            })
          }
        >
          <Send aria-hidden="true" />
          {test.isPending ? t('integrations.webhooks.testing') : t('integrations.webhooks.test')}
        </Button>
        <Button
          variant="ghost"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? t('integrations.webhooks.hideLog') : t('integrations.webhooks.showLog')}
        </Button>
        <Button variant="ghost" onClick={() => setRemoving(true)}>
          {t('integrations.webhooks.remove')}
        </Button>
      </div>
      {test.isError ? (
        <FormAlert>
          <p>{errorMessage(test.error)}</p>
        </FormAlert>
      ) : null}
      <div id={logId} hidden={!logOpen}>
        {logOpen ? <DeliveryLog business={business} hook={hook} /> : null}
      </div>
      <Dialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('integrations.webhooks.removeTitle')}
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        <RemoveWebhook business={business} hook={hook} onDone={() => setRemoving(false)} />
      </Dialog>
    </li>
  );
}

function deliveryOutcome(delivery: WebhookDelivery): 'delivered' | 'retrying' | 'failed' | 'queued' {
  if (delivery.deliveredAt) return 'delivered';
  if (delivery.attempts === 0) return 'queued';
  return delivery.nextAttemptAt ? 'retrying' : 'failed';
}

function DeliveryLog({ business, hook }: { business: Business; hook: Webhook }) {
  const { t } = useTranslation('business');
  const when = useWhen();
  const deliveries = useDeliveries(business.id, hook.id, true);
  if (deliveries.isPending) return <Loading label={t('integrations.loading')} />;
  if (deliveries.isError)
    return <LoadFailed error={deliveries.error} retry={() => void deliveries.refetch()} />;
  if (deliveries.data.items.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('integrations.log.empty')}</p>;
  }
  return (
    <table className="w-full text-left text-sm" data-testid="delivery-log">
      <caption className="sr-only">{t('integrations.log.caption', { url: hook.url })}</caption>
      <thead>
        <tr className="text-muted-foreground">
          <th scope="col" className="py-1 pr-2 font-medium">
            {t('integrations.log.event')}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {t('integrations.log.outcome')}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {t('integrations.log.answer')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('integrations.log.when')}
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.items.map((delivery) => (
          <tr key={delivery.id} className="border-t" data-testid="delivery">
            <td className="py-1 pr-2">{t(`integrations.events.${EVENT_KEYS[delivery.event]}`)}</td>
            <td className="py-1 pr-2">{t(`integrations.log.${deliveryOutcome(delivery)}`)}</td>
            <td className="py-1 pr-2">
              {delivery.lastStatus !== null
                ? t('integrations.log.status', { status: delivery.lastStatus })
                : delivery.lastError
                  ? t(`integrations.log.errors.${delivery.lastError}`)
                  : '—'}
            </td>
            <td className="py-1">{when(delivery.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RemoveWebhook({
  business,
  hook,
  onDone,
}: {
  business: Business;
  hook: Webhook;
  onDone: () => void;
}) {
  const { t } = useTranslation('business');
  const remove = useDeleteWebhook(business.id);
  return (
    <ConfirmDestructive
      problem={remove.isError ? <BusinessProblem error={remove.error} /> : null}
      confirmLabel={t('integrations.webhooks.removeConfirm')}
      cancelLabel={t('actions.cancel')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(hook.id, {
          onSuccess: () => {
            toast({ title: t('integrations.webhooks.removed'), variant: 'success' });
            onDone();
          },
        })
      }
      onCancel={onDone}
    >
      {t('integrations.webhooks.removeBody', { url: hook.url })}
    </ConfirmDestructive>
  );
}

// ---------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------

function ApiKeys({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const when = useWhen();
  const keys = useApiKeys(business.id);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Card icon={<KeyRound aria-hidden="true" className="size-4" />} title={t('integrations.keys.title')}>
      <p className="text-sm text-muted-foreground">{t('integrations.keys.hint')}</p>
      {keys.isPending ? (
        <Loading label={t('integrations.loading')} />
      ) : keys.isError ? (
        <LoadFailed error={keys.error} retry={() => void keys.refetch()} />
      ) : (
        <>
          {created ? (
            <ShownOnce label={t('integrations.keys.created')} value={created.key} testId="api-key" />
          ) : null}
          {keys.data.items.length === 0 ? (
            <p className="text-sm">{t('integrations.keys.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-lg border">
              {keys.data.items.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="api-key-row">
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium">{key.name}</span>
                    <span className="font-mono text-sm text-muted-foreground">{key.prefix}…</span>
                    <span className="text-sm text-muted-foreground">
                      {t('integrations.keys.createdAt', { when: when(key.createdAt) })} ·{' '}
                      {key.lastUsedAt
                        ? t('integrations.keys.lastUsed', { when: when(key.lastUsedAt) })
                        : t('integrations.keys.neverUsed')}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    aria-label={t('integrations.keys.revokeNamed', { name: key.name })}
                    onClick={() => setRevoking(key)}
                  >
                    {t('integrations.keys.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <ApiKeyForm
            business={business}
            onCreated={(key) => {
              setCreated(key);
            }}
          />
        </>
      )}
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('integrations.keys.revokeTitle', { name: revoking?.name ?? '' })}
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {revoking ? (
          <RevokeApiKey
            business={business}
            apiKey={revoking}
            onDone={(revokedId) => {
              if (created?.id === revokedId) setCreated(null);
              setRevoking(null);
            }}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

function ApiKeyForm({
  business,
  onCreated,
}: {
  business: Business;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation('business');
  const fieldMessage = useFieldMessage();
  const create = useCreateApiKey(business.id);
  const [name, setName] = useState('');
  const { formRef, errors, showErrors, clearError } = useFormErrors<'name'>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(createApiKeyRequestSchema, { name: name.trim() });
    if (!parsed.success) {
      showErrors({ name: parsed.errors.name ?? 'validation:required' });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        onCreated(key);
        setName('');
      },
    });
  };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-3 border-t pt-3">
      <TextField
        label={t('integrations.keys.name')}
        hint={t('integrations.keys.nameHint')}
        autoComplete="off"
        value={name}
        error={fieldMessage(errors.name)}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
      />
      {create.isError ? <BusinessProblem error={create.error} /> : null}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? t('integrations.keys.creating') : t('integrations.keys.create')}
      </Button>
    </form>
  );
}

function RevokeApiKey({
  business,
  apiKey,
  onDone,
}: {
  business: Business;
  apiKey: ApiKey;
  onDone: (revokedId: string | null) => void;
}) {
  const { t } = useTranslation('business');
  const revoke = useRevokeApiKey(business.id);
  return (
    <ConfirmDestructive
      problem={revoke.isError ? <BusinessProblem error={revoke.error} /> : null}
      confirmLabel={t('integrations.keys.revokeConfirm')}
      cancelLabel={t('actions.cancel')}
      pending={revoke.isPending}
      onConfirm={() =>
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast({ title: t('integrations.keys.revoked', { name: apiKey.name }), variant: 'success' });
            onDone(apiKey.id);
          },
        })
      }
      onCancel={() => onDone(null)}
    >
      {t('integrations.keys.revokeBody', { prefix: apiKey.prefix })}
    </ConfirmDestructive>
  );
}
