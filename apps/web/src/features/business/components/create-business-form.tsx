import type { Business } from '@ztart/shared/contracts/businesses';
import { createBusinessRequestSchema } from '@ztart/shared/contracts/businesses';
import type { Currency } from '@ztart/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '@/components/money/currency-select';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast/toast-store';
import { ZtartagField } from '@/components/ztartag-field';
import { useCreateBusiness } from '@/features/business/api/businesses';
import { BusinessProblem } from '@/features/business/components/business-problem';
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

/** Creating a business: its name, its tip tag and its currency. */
export function CreateBusinessForm({ onDone }: { onDone: (business: Business) => void }) {
  const { t, i18n } = useTranslation('business');
  const fieldMessage = useFieldMessage();
  const create = useCreateBusiness();
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [tagEdited, setTagEdited] = useState(false);
  const [currency, setCurrency] = useState<Currency>(i18n.language.startsWith('pt') ? 'BRL' : 'USD');
  const { formRef, errors, showErrors, clearError } = useFormErrors<'name' | 'tag'>();
  const availability = useZtartagAvailability(tag);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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
      onSuccess: (business) => {
        toast({ title: t('create.created', { name: business.name }), variant: 'success' });
        onDone(business);
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
      {create.isError && !fieldErrorsFromApiError(create.error, { ztartag_taken: 'tag' }) ? (
        <BusinessProblem error={create.error} />
      ) : null}
      <Button type="submit" size="lg" disabled={create.isPending}>
        {create.isPending ? t('create.creating') : t('create.submit')}
      </Button>
    </form>
  );
}
