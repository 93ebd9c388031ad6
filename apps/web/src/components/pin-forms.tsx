import {
  changePinRequestSchema,
  createPinRequestSchema,
  pinRequestSchema,
} from '@ztart/shared/contracts/security';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { useFailureMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsFromApiError, validate, withMatchCheck } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

/** The id of the first field of the create-PIN form, for "Create a PIN" buttons elsewhere to focus. */
export const CREATE_PIN_FIELD_ID = 'create-pin';

/** A PIN input: masked, digits only, the phone's number pad, never offered by password managers. */
function PinInput(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  id?: string;
}) {
  return (
    <PasswordField
      numeric
      id={props.id}
      label={props.label}
      name={props.name}
      hint={props.hint}
      autoComplete="off"
      maxLength={6}
      className="max-w-48 tracking-[0.3em]"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value.replace(/\D/g, ''))}
      error={props.error}
    />
  );
}

/**
 * What a failed PIN request adds to its field's error: for a wrong PIN, the attempts left
 * before it locks; for anything else (locked, demo mode, offline...), the reason. Null when the
 * field error says it all. A lock says until when.
 */
/** A new PIN and its confirmation: creating and changing a PIN share them. */
function NewPinFields({
  id,
  values,
  errors,
  onChange,
}: {
  id?: string;
  values: { pin: string; pinConfirmation: string };
  errors: { pin?: string | undefined; pinConfirmation?: string | undefined };
  onChange: (field: 'pin' | 'pinConfirmation', value: string) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <PinInput
        id={id}
        label={t('pin.new')}
        name="pin"
        hint={t('pin.hint')}
        value={values.pin}
        onChange={(value) => onChange('pin', value)}
        error={errors.pin}
      />
      <PinInput
        label={t('pin.confirm')}
        name="pinConfirmation"
        value={values.pinConfirmation}
        onChange={(value) => onChange('pinConfirmation', value)}
        error={errors.pinConfirmation}
      />
    </>
  );
}

export function usePinFailureText(): (error: unknown) => string | null {
  const { t, i18n } = useTranslation('account');
  const timeOfDay = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(iso));
  const failureMessage = useFailureMessage();
  return (error) => {
    if (!error) return null;
    if (error instanceof ApiError && error.code === 'validation_failed') return null;
    if (
      error instanceof ApiError &&
      error.code === 'pin_locked' &&
      typeof error.details?.lockedUntil === 'string'
    ) {
      return t('pin.lockedUntil', { time: timeOfDay(error.details.lockedUntil) });
    }
    if (error instanceof ApiError && error.code === 'pin_invalid') {
      const attemptsLeft = error.details?.attemptsLeft;
      return typeof attemptsLeft === 'number' ? t('pin.attemptsLeft', { count: attemptsLeft }) : null;
    }
    return failureMessage(error, 'internal_error');
  };
}

function PinFailure({ error }: { error: unknown }) {
  const pinFailure = usePinFailureText();
  const text = pinFailure(error);
  return text ? <FormAlert>{text}</FormAlert> : null;
}

/** A form of PIN fields: validated by a shared schema, the new PIN confirmed, failures explained. */
function usePinForm<F extends string>(initial: Record<F, string>) {
  const form = useFormErrors<F>();
  const [values, setValues] = useState(initial);
  const change = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };
  return { ...form, values, setValues, change };
}

type SubmitPin<T> = {
  mutate: (body: T, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

function submitWith<F extends string, T>(
  form: ReturnType<typeof usePinForm<F>>,
  result: { success: true; data: T } | { success: false; errors: FieldErrors<F> },
  extraErrors: FieldErrors<F>,
  mutation: SubmitPin<T>,
  pinField: F,
  onDone: () => void,
) {
  const errors = { ...(result.success ? {} : result.errors), ...extraErrors };
  if (!result.success || Object.keys(errors).length > 0) return form.showErrors(errors);
  mutation.mutate(result.data, {
    onSuccess: onDone,
    onError: (error) => {
      const fieldErrors = fieldErrorsFromApiError(error, { pin_invalid: pinField });
      if (fieldErrors) form.showErrors(fieldErrors as FieldErrors<F>);
    },
  });
}

export function CreatePinForm({
  mutation,
  onDone,
}: {
  mutation: SubmitPin<{ pin: string; pinConfirmation: string }>;
  onDone: () => void;
}) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const form = usePinForm({ pin: '', pinConfirmation: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const match = withMatchCheck(
      {},
      form.values.pin,
      form.values.pinConfirmation,
      'pinConfirmation',
      'validation:pinsDoNotMatch',
    );
    submitWith(form, validate(createPinRequestSchema, form.values), match, mutation, 'pin', onDone);
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <NewPinFields
        id={CREATE_PIN_FIELD_ID}
        values={form.values}
        errors={{
          pin: fieldMessage(form.errors.pin),
          pinConfirmation: fieldMessage(form.errors.pinConfirmation),
        }}
        onChange={form.change}
      />
      {mutation.isError ? <PinFailure error={mutation.error} /> : null}
      <Button type="submit" className="self-start" disabled={mutation.isPending}>
        {mutation.isPending ? t('actions.saving') : t('pin.create')}
      </Button>
    </form>
  );
}

export function ChangePinForm({
  mutation,
  onDone,
  onCancel,
}: {
  mutation: SubmitPin<{ currentPin: string; pin: string; pinConfirmation: string }>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const form = usePinForm({ currentPin: '', pin: '', pinConfirmation: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const required: FieldErrors<'currentPin'> =
      form.values.currentPin === '' ? { currentPin: 'validation:required' } : {};
    const match = withMatchCheck(
      required,
      form.values.pin,
      form.values.pinConfirmation,
      'pinConfirmation',
      'validation:pinsDoNotMatch',
    );
    submitWith(form, validate(changePinRequestSchema, form.values), match, mutation, 'currentPin', onDone);
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <PinInput
        label={t('pin.current')}
        name="currentPin"
        value={form.values.currentPin}
        onChange={(value) => form.change('currentPin', value)}
        error={fieldMessage(form.errors.currentPin)}
      />
      <NewPinFields
        values={form.values}
        errors={{
          pin: fieldMessage(form.errors.pin),
          pinConfirmation: fieldMessage(form.errors.pinConfirmation),
        }}
        onChange={form.change}
      />
      {mutation.isError ? <PinFailure error={mutation.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('actions.saving') : t('pin.change')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** One PIN, asked to remove it or to unlock the protected section. */
export function EnterPinForm({
  mutation,
  onDone,
  onCancel,
  label,
  submitLabel,
  destructive = false,
}: {
  mutation: SubmitPin<{ pin: string }>;
  onDone: () => void;
  onCancel?: () => void;
  label: string;
  submitLabel: string;
  destructive?: boolean;
}) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const form = usePinForm({ pin: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const required: FieldErrors<'pin'> = form.values.pin === '' ? { pin: 'validation:required' } : {};
    submitWith(form, validate(pinRequestSchema, form.values), required, mutation, 'pin', () => {
      form.setValues({ pin: '' });
      onDone();
    });
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <PinInput
        label={label}
        name="pin"
        value={form.values.pin}
        onChange={(value) => form.change('pin', value)}
        error={fieldMessage(form.errors.pin)}
      />
      {mutation.isError ? <PinFailure error={mutation.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={mutation.isPending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
