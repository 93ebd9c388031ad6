import { DYNAMIC_QR_MAX_RULES, QR_URL_MAX_LENGTH, type QrCode } from '@ztart/shared/contracts/qr-codes';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { Plus, Save, Sparkles } from 'lucide-react';
import { type FormEvent, memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateQrCode } from '@/features/qr/api/update-qr-code';
import { DynamicPreview } from '@/features/qr/components/dynamic-preview';
import { type RuleAction, RuleEditor } from '@/features/qr/components/rule-editor';
import {
  type DynamicDraft,
  draftOf,
  dynamicErrorsFromIssues,
  moveRule,
  newRuleDraft,
  parseDynamicDraft,
  type RuleDraft,
} from '@/features/qr/dynamic/dynamic-draft';
import { useFailureMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

/** The IANA zones the browser knows, with `current` kept even if the list lacks it (older runtimes). */
function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field errors of a `validation_failed` answer, on the form's paths; null for any other failure. */
function apiFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed' || !isRecord(error.details))
    return null;
  const issues = (Array.isArray(error.details.issues) ? error.details.issues : []).filter(
    (issue): issue is { path: string; code: string; message: string } =>
      isRecord(issue) &&
      typeof issue.path === 'string' &&
      typeof issue.code === 'string' &&
      typeof issue.message === 'string',
  );
  return dynamicErrorsFromIssues(issues);
}

/**
 * The dynamic QR manager: on or off, the receiver's time zone, the default target, and the rules
 * in order (the first that matches a scan decides). Saved with `PATCH { dynamic }`.
 */
export function DynamicQrManager({ qr }: { qr: QrCode }) {
  const { t } = useTranslation('qr');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const update = useUpdateQrCode();
  const { formRef, errors, showErrors, clearError } = useFormErrors<string>();
  const [draft, setDraft] = useState<DynamicDraft>(() => draftOf(qr.dynamic));
  const rulesHeadingId = useId();
  const rulesHeading = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<{ key: string; action: RuleAction } | null>(null);

  // After a move the rule's own button keeps the focus; at the edge, its other move button takes it.
  useEffect(() => {
    const request = pendingFocus.current;
    if (!request) return;
    pendingFocus.current = null;
    const rule = formRef.current?.querySelector(`[data-rule-key="${request.key}"]`);
    const wanted = rule?.querySelector<HTMLButtonElement>(`[data-action="${request.action}"]`);
    const other = rule?.querySelector<HTMLButtonElement>(
      `[data-action="${request.action === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });

  const clearPaths = (paths: readonly string[]) => {
    for (const path of paths) clearError(path);
    update.reset();
  };

  const change = (patch: Partial<DynamicDraft>, paths: readonly string[] = []) => {
    setDraft((current) => ({ ...current, ...patch }));
    clearPaths(paths);
  };
  const { reset: resetUpdate } = update;
  const changeTimeZone = useCallback(
    (timeZone: string) => {
      setDraft((current) => ({ ...current, timeZone }));
      clearError('timeZone');
      resetUpdate();
    },
    [clearError, resetUpdate],
  );

  // Errors are keyed by rule position: any change to the order or number of rules drops them.
  const setRules = (rules: RuleDraft[]) => {
    setDraft((current) => ({ ...current, rules }));
    showErrors({});
    update.reset();
  };

  const changeRule = (index: number, patch: Partial<RuleDraft>, paths: readonly string[]) => {
    setDraft((current) => ({
      ...current,
      rules: current.rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)),
    }));
    clearPaths(paths);
  };

  const addRule = () => {
    const rule = newRuleDraft();
    setRules([...draft.rules, rule]);
    pendingFocus.current = null;
    // The new rule's first control is where the person continues.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLInputElement>(`[data-rule-key="${rule.key}"] input`)?.focus(),
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDynamicDraft(draft);
    if (!parsed.ok) {
      showErrors(parsed.errors);
      return;
    }
    update.mutate(
      { id: qr.id, changes: { dynamic: parsed.value } },
      {
        onSuccess: () => toast({ title: t('dynamic.saved'), variant: 'success' }),
        onError: (error) => {
          const fieldErrors = apiFieldErrors(error);
          if (fieldErrors) showErrors(fieldErrors);
        },
      },
    );
  };

  const message = (path: string) => fieldMessage(errors[path]);
  const saveError = update.isError && !apiFieldErrors(update.error) ? update.error : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('dynamic.title')}
        </CardTitle>
        <CardDescription>{t('dynamic.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          noValidate
          onSubmit={save}
          className="flex flex-col gap-5"
          aria-label={t('dynamic.title')}
        >
          <CheckboxField
            label={t('dynamic.enabled')}
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          {draft.enabled ? null : (
            <p className="-mt-3 text-sm text-muted-foreground">{t('dynamic.offHint')}</p>
          )}
          <TimeZoneSelect
            value={draft.timeZone}
            invalid={message('timeZone') !== undefined}
            onChange={changeTimeZone}
          />
          <p className="-mt-3 text-sm text-muted-foreground">{t('dynamic.timeZoneHint')}</p>
          {message('timeZone') ? (
            <p role="alert" className="-mt-3 text-sm font-medium text-destructive">
              {message('timeZone')}
            </p>
          ) : null}

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-semibold">{t('dynamic.defaultTitle')}</legend>
            <p className="text-sm text-muted-foreground">{t('dynamic.defaultHint')}</p>
            <TextField
              label={t('dynamic.redirectUrl')}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              maxLength={QR_URL_MAX_LENGTH}
              value={draft.redirectUrl}
              onChange={(event) => change({ redirectUrl: event.target.value }, ['redirectUrl'])}
              error={message('redirectUrl')}
            />
            <TextAreaField
              label={t('dynamic.message')}
              maxLength={TEXT_LIMITS.note}
              value={draft.message}
              onChange={(event) => change({ message: event.target.value }, ['message'])}
              error={message('message')}
            />
          </fieldset>

          <section aria-labelledby={rulesHeadingId} className="flex flex-col gap-3">
            <h3
              id={rulesHeadingId}
              ref={rulesHeading}
              tabIndex={-1}
              className="text-sm font-semibold outline-none"
            >
              {t('dynamic.rulesTitle', { count: draft.rules.length })}
            </h3>
            <p className="text-sm text-muted-foreground">{t('dynamic.rulesHint')}</p>
            {draft.rules.length === 0 ? (
              <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
                {t('dynamic.noRules')}
              </p>
            ) : (
              <ol className="flex flex-col gap-3">
                {draft.rules.map((rule, index) => (
                  <li key={rule.key}>
                    <RuleEditor
                      rule={rule}
                      index={index}
                      count={draft.rules.length}
                      message={message}
                      onChange={(patch, paths) => changeRule(index, patch, paths)}
                      onMove={(delta) => {
                        pendingFocus.current = { key: rule.key, action: delta < 0 ? 'up' : 'down' };
                        setRules(moveRule(draft.rules, index, delta));
                      }}
                      onRemove={() => {
                        setRules(draft.rules.filter((candidate) => candidate.key !== rule.key));
                        rulesHeading.current?.focus();
                      }}
                    />
                  </li>
                ))}
              </ol>
            )}
            {message('rules') ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {message('rules')}
              </p>
            ) : null}
            <div>
              <Button
                variant="outline"
                disabled={draft.rules.length >= DYNAMIC_QR_MAX_RULES}
                onClick={addRule}
              >
                <Plus aria-hidden="true" />
                {t('dynamic.addRule')}
              </Button>
              {draft.rules.length >= DYNAMIC_QR_MAX_RULES ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  {t('dynamic.maxRules', { max: DYNAMIC_QR_MAX_RULES })}
                </p>
              ) : null}
            </div>
          </section>

          <DynamicPreview draft={draft} />

          {saveError ? <FormAlert>{failureMessage(saveError, 'dynamic_qr_save_failed')}</FormAlert> : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
              <Save aria-hidden="true" />
              {t('dynamic.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Some 400 zones: kept out of the re-renders of every keystroke elsewhere in the form. */
const TimeZoneSelect = memo(function TimeZoneSelect({
  value,
  invalid,
  onChange,
}: {
  value: string;
  invalid: boolean;
  onChange: (timeZone: string) => void;
}) {
  const { t } = useTranslation('qr');
  const zones = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      label={t('dynamic.timeZone')}
      value={value}
      aria-invalid={invalid ? true : undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </Select>
  );
});
