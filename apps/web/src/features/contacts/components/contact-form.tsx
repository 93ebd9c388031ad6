import {
  type Contact,
  type ContactGroup,
  type ContactPerson,
  createContactRequestSchema,
} from '@ztart/shared/contracts/contacts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useFailureMessage } from '@/hooks/use-error-message';
import { fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

const TEXT_FIELDS = [
  'nickname',
  'name',
  'phone',
  'email',
  'relationship',
  'birthday',
  'address',
  'notes',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
type FieldName = TextFieldName | 'groupId' | 'ztartag';

export type ContactFormValues = Record<TextFieldName, string> & {
  groupId: string;
  favourite: boolean;
  blocked: boolean;
};

export function valuesOf(contact: Contact | null, person: ContactPerson | null): ContactFormValues {
  return {
    nickname: contact?.nickname ?? person?.displayName ?? '',
    name: contact?.name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    relationship: contact?.relationship ?? '',
    birthday: contact?.birthday ?? '',
    address: contact?.address ?? '',
    notes: contact?.notes ?? '',
    groupId: contact?.groupId ?? '',
    favourite: contact?.favourite ?? false,
    blocked: contact?.blocked ?? false,
  };
}

export interface ContactFormProps {
  /** The contact being edited; null to add one. */
  contact: Contact | null;
  /** The app user the new contact is (found by look-up or a scanned contact QR). */
  person: ContactPerson | null;
  groups: readonly ContactGroup[];
  pending: boolean;
  error: unknown;
  onSubmit: (values: ReturnType<typeof createContactRequestSchema.parse>) => void;
  onCancel: () => void;
}

/** Every field of a contact (spec §3): the nickname is the one required. */
export function ContactForm({
  contact,
  person,
  groups,
  pending,
  error,
  onSubmit,
  onCancel,
}: ContactFormProps) {
  const { t } = useTranslation('contacts');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const [values, setValues] = useState<ContactFormValues>(() => valuesOf(contact, person));
  const { formRef, errors, showErrors, clearError } = useFormErrors<FieldName>();
  const serverErrors = fieldErrorsFromApiError(error) ?? {};
  const shownError = (field: FieldName) => fieldMessage(errors[field] ?? serverErrors[field]);
  const tag = person?.ztartag ?? contact?.ztartag ?? null;

  const set = (field: TextFieldName | 'groupId') => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clearError(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      ...values,
      groupId: values.groupId || null,
      ...(contact === null && tag ? { ztartag: tag } : {}),
    };
    const result = validate(createContactRequestSchema, payload);
    if (!result.success) {
      const errors = result.errors as Partial<Record<FieldName, string>>;
      // An empty nickname reads as the spec's "Contact nickname required".
      if (errors.nickname === 'validation:required') errors.nickname = 'validation:nicknameRequired';
      showErrors(errors);
      return;
    }
    onSubmit(result.data);
  };

  const formError =
    error && Object.keys(serverErrors).length === 0 ? failureMessage(error, 'contact_add_failed') : null;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {tag ? (
        <div className="flex items-center gap-3 rounded-lg border p-3" data-testid="contact-form-person">
          <Avatar name={person?.displayName ?? contact?.nickname ?? tag} src={person?.avatarUrl} />
          <div className="min-w-0">
            <p className="truncate font-medium">
              {person?.displayName ?? contact?.person?.displayName ?? tag}
            </p>
            <p className="truncate text-sm text-muted-foreground">@{tag}</p>
          </div>
        </div>
      ) : null}
      <TextField
        label={t('fields.nickname')}
        required
        autoComplete="off"
        value={values.nickname}
        onChange={set('nickname')}
        error={shownError('nickname')}
      />
      <TextField
        label={t('fields.name')}
        autoComplete="off"
        value={values.name}
        onChange={set('name')}
        error={shownError('name')}
      />
      <TextField
        label={t('fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint={t('fields.phoneHint')}
        value={values.phone}
        onChange={set('phone')}
        error={shownError('phone')}
      />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={set('email')}
        error={shownError('email')}
      />
      <Select label={t('fields.group')} value={values.groupId} onChange={set('groupId')}>
        <option value="">{t('fields.noGroup')}</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </Select>
      <TextField
        label={t('fields.relationship')}
        autoComplete="off"
        value={values.relationship}
        onChange={set('relationship')}
        error={shownError('relationship')}
      />
      <TextField
        label={t('fields.birthday')}
        type="date"
        value={values.birthday}
        onChange={set('birthday')}
        error={shownError('birthday')}
      />
      <TextAreaField
        label={t('fields.address')}
        rows={2}
        value={values.address}
        onChange={set('address')}
        error={shownError('address')}
      />
      <TextAreaField
        label={t('fields.notes')}
        rows={3}
        value={values.notes}
        onChange={set('notes')}
        error={shownError('notes')}
      />
      <CheckboxField
        label={t('fields.favourite')}
        checked={values.favourite}
        onChange={(event) => setValues((current) => ({ ...current, favourite: event.target.checked }))}
      />
      {tag ? (
        <CheckboxField
          label={t('fields.blocked')}
          checked={values.blocked}
          onChange={(event) => setValues((current) => ({ ...current, blocked: event.target.checked }))}
        />
      ) : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {contact ? t('actions.save') : t('actions.add')}
        </Button>
      </div>
    </form>
  );
}
