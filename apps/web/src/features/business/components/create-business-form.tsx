import type { Business } from '@ztart/shared/contracts/businesses';
import { createBusinessRequestSchema } from '@ztart/shared/contracts/businesses';
import type { Currency } from '@ztart/shared/money';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '@/components/money/currency-select';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { imageFileProblem } from '@/components/ui/image-file';
import { ImageFileField } from '@/components/ui/image-file-field';
import { toast } from '@/components/ui/toast/toast-store';
import { ZtartagField } from '@/components/ztartag-field';
import { useBusinessLogo, useCreateBusiness } from '@/features/business/api/businesses';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { useErrorMessage } from '@/hooks/use-error-message';
import { fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';
import { useZtartagAvailability } from '@/lib/ztartags';

/** A tag made from the name: "Café Aurora" → "cafe_aurora" (the person can change it). */
export function tagFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20);
}

/** Creating a business: its name, its tip tag, its currency and, if wished, its logo. */
export function CreateBusinessForm({ onDone }: { onDone: (business: Business) => void }) {
  const { t, i18n } = useTranslation('business');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const create = useCreateBusiness();
  const uploadLogo = useBusinessLogo();
  const logoId = useId();
  const logoInput = useRef<HTMLInputElement>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [tagEdited, setTagEdited] = useState(false);
  const [currency, setCurrency] = useState<Currency>(i18n.language.startsWith('pt') ? 'BRL' : 'USD');
  const { formRef, errors, showErrors, clearError } = useFormErrors<'name' | 'tag'>();
  const availability = useZtartagAvailability(tag);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (logo && imageFileProblem(logo)) {
      logoInput.current?.focus();
      return;
    }
    const parsed = validate(createBusinessRequestSchema, { name, tag: tag.replace(/^@/, ''), currency });
    if (!parsed.success) {
      showErrors(parsed.errors);
      return;
    }
    create.mutate(parsed.data, {
      onError: (error) => {
        const fields = fieldErrorsFromApiError(error, { ztartag_taken: 'tag' });
        if (fields) showErrors(fields);
      },
      onSuccess: async (business) => {
        let created = business;
        if (logo) {
          // The business exists either way: a logo that could not be saved is added in its settings.
          created = await uploadLogo.mutateAsync({ id: business.id, image: logo }).catch(() => {
            toast({ title: t('create.logoFailed', { name: business.name }), variant: 'destructive' });
            return business;
          });
        }
        toast({ title: t('create.created', { name: created.name }), variant: 'success' });
        onDone(created);
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('create.name')}
        value={name}
        maxLength={100}
        autoComplete="organization"
        error={fieldMessage(errors.name)}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
          if (!tagEdited) setTag(tagFromName(event.target.value));
        }}
      />
      <ZtartagField
        label={t('create.tag')}
        value={tag}
        availability={availability}
        error={fieldMessage(errors.tag)}
        onValueChange={(value) => {
          setTag(value);
          setTagEdited(true);
          clearError('tag');
        }}
      />
      <CurrencySelect label={t('create.currency')} value={currency} onValueChange={setCurrency} />
      <ImageFileField
        id={logoId}
        inputRef={logoInput}
        label={t('create.logo')}
        hint={t('create.logoHint')}
        error={logoError ? errorMessage(logoError) : undefined}
        onChoose={(next) => {
          setLogo(next);
          setLogoError(next ? imageFileProblem(next) : null);
        }}
      />
      {create.isError && !fieldErrorsFromApiError(create.error, { ztartag_taken: 'tag' }) ? (
        <BusinessProblem error={create.error} />
      ) : null}
      <Button type="submit" size="lg" disabled={create.isPending || uploadLogo.isPending}>
        {create.isPending || uploadLogo.isPending ? t('create.creating') : t('create.submit')}
      </Button>
    </form>
  );
}
