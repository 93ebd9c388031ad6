import { type OwnProfile, updateProfileRequestSchema } from '@ztart/shared/contracts/profiles';
import { LANGUAGES, type Language } from '@ztart/shared/languages';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { normalizeZtartag } from '@ztart/shared/patterns';
import { Save, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast/toast-store';
import { ZtartagField } from '@/components/ztartag-field';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { SectionCard } from '@/features/account/components/section-card';
import { useFailureMessage } from '@/hooks/use-error-message';
import { type FieldErrors, fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';
import { useZtartagAvailability } from '@/lib/ztartags';

const TEXT_FIELDS = ['fullName', 'username', 'birthday', 'location', 'bio', 'website'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
type Field = TextFieldName | 'ztartag' | 'language';
type Values = Record<TextFieldName | 'ztartag', string> & { language: Language };

function valuesOf(profile: OwnProfile): Values {
  return {
    fullName: profile.fullName ?? '',
    username: profile.username ?? '',
    birthday: profile.birthday ?? '',
    location: profile.location ?? '',
    bio: profile.bio ?? '',
    website: profile.website ?? '',
    ztartag: profile.ztartag ?? '',
    language: profile.language,
  };
}

/** Only what changed is sent (the PATCH changes only the fields it gets); emptied text becomes null. */
function changesOf(values: Values, profile: OwnProfile): Record<string, unknown> {
  const initial = valuesOf(profile);
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== initial[field]) changes[field] = value === '' ? null : value;
  }
  const tag = normalizeZtartag(values.ztartag);
  if (tag !== normalizeZtartag(initial.ztartag)) changes.ztartag = tag;
  if (values.language !== initial.language) changes.language = values.language;
  return changes;
}

/**
 * Name, username, birthday, location, bio, website, language and ztartag (checked live).
 * Choosing another language here also switches the app to it.
 */
export function PersonalDetailsForm({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const update = useUpdateProfile();
  const { formRef, errors, showErrors, clearError } = useFormErrors<Field>();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const availability = useZtartagAvailability(values.ztartag, profile.ztartag);

  const change = <K extends Field>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
    update.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(values, profile);
    const result = validate(updateProfileRequestSchema, changes);
    let fieldErrors: FieldErrors<Field> = result.success ? {} : result.errors;
    if (availability === 'taken' && fieldErrors.ztartag === undefined) {
      fieldErrors = { ...fieldErrors, ztartag: 'errors:ztartag_taken' };
    }
    if (!result.success || Object.keys(fieldErrors).length > 0) return showErrors(fieldErrors);
    if (Object.keys(result.data).length === 0) {
      toast({ title: t('account:personal.nothingChanged') });
      return;
    }
    update.mutate(result.data, {
      onSuccess: async (saved) => {
        setValues(valuesOf(saved));
        // The profile's language is the app's: switch, then confirm in the new language.
        if (result.data.language) await i18n.changeLanguage(result.data.language);
        toast({ title: i18n.t('account:personal.saved'), variant: 'success' });
      },
      onError: (error) => {
        const apiFieldErrors = fieldErrorsFromApiError(error, { ztartag_taken: 'ztartag' });
        if (apiFieldErrors) showErrors(apiFieldErrors);
      },
    });
  };

  const showGeneralError =
    update.isError && !fieldErrorsFromApiError(update.error, { ztartag_taken: 'ztartag' });

  return (
    <SectionCard
      icon={UserRound}
      title={t('account:personal.title')}
      description={t('account:personal.description')}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('account:fields.fullName')}
          name="fullName"
          autoComplete="name"
          maxLength={TEXT_LIMITS.name}
          value={values.fullName}
          onChange={(event) => change('fullName', event.target.value)}
          error={fieldMessage(errors.fullName)}
        />
        <TextField
          label={t('account:fields.username')}
          name="username"
          autoComplete="nickname"
          autoCapitalize="none"
          maxLength={TEXT_LIMITS.name}
          value={values.username}
          onChange={(event) => change('username', event.target.value)}
          error={fieldMessage(errors.username)}
        />
        <ZtartagField
          name="ztartag"
          value={values.ztartag}
          onValueChange={(value) => change('ztartag', value)}
          availability={availability}
          error={fieldMessage(errors.ztartag)}
        />
        <TextField
          label={t('account:fields.birthday')}
          name="birthday"
          type="date"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          value={values.birthday}
          onChange={(event) => change('birthday', event.target.value)}
          error={fieldMessage(errors.birthday)}
        />
        <TextField
          label={t('account:fields.location')}
          name="location"
          autoComplete="address-level2"
          maxLength={TEXT_LIMITS.name}
          value={values.location}
          onChange={(event) => change('location', event.target.value)}
          error={fieldMessage(errors.location)}
        />
        <TextAreaField
          label={t('account:fields.bio')}
          name="bio"
          rows={3}
          maxLength={TEXT_LIMITS.bio}
          hint={t('account:personal.bioHint', { count: TEXT_LIMITS.bio - values.bio.length })}
          value={values.bio}
          onChange={(event) => change('bio', event.target.value)}
          error={fieldMessage(errors.bio)}
        />
        <TextField
          label={t('account:fields.website')}
          name="website"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={values.website}
          onChange={(event) => change('website', event.target.value)}
          error={fieldMessage(errors.website)}
        />
        <Select
          label={t('account:fields.language')}
          name="language"
          value={values.language}
          onChange={(event) => change('language', event.target.value as Language)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:languageNames.${language}`)}
            </option>
          ))}
        </Select>
        {showGeneralError ? (
          <FormAlert>{failureMessage(update.error, 'profile_update_failed')}</FormAlert>
        ) : null}
        <Button type="submit" className="self-start" disabled={update.isPending}>
          <Save aria-hidden="true" />
          {update.isPending ? t('account:actions.saving') : t('account:actions.save')}
        </Button>
      </form>
    </SectionCard>
  );
}
