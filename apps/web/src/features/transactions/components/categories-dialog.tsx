import { type Category, categoryRequestSchema } from '@ztart/shared/contracts/transactions';
import { Check, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '@/components/transactions/api/get-categories';
import { CATEGORY_PALETTE, useCategoryName } from '@/components/transactions/categories';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateCategory } from '@/features/transactions/api/create-category';
import { useDeleteCategory } from '@/features/transactions/api/delete-category';
import { useUpdateCategory } from '@/features/transactions/api/update-category';
import { useSavedToast } from '@/features/transactions/components/saved-toast';
import { useFailureMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';
import { type FieldErrors, fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';

/** A duplicate name is the name field's problem; anything else concerns the whole form. */
const FIELD_BY_CODE = { category_exists: 'name' } as const;

/** Managing categories: the list, rename and delete in place, and a form to add one. */
export function CategoriesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['transactions', 'common']);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('transactions:manage.title')}
      description={t('transactions:manage.description')}
      closeLabel={t('common:actions.close')}
      className="max-w-lg"
    >
      {open ? <CategoriesManager /> : null}
    </Dialog>
  );
}

function CategoriesManager() {
  const { t } = useTranslation('transactions');
  const failureMessage = useFailureMessage();
  const categories = useCategories();

  return (
    <div className="flex max-h-[70dvh] flex-col gap-5 overflow-y-auto">
      {categories.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-2">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : categories.isError ? (
        <FormAlert>
          <p>
            {t('manage.loadError')} {failureMessage(categories.error, 'internal_error')}
          </p>
          <Button variant="outline" className="self-start" onClick={() => void categories.refetch()}>
            {t('list.retry')}
          </Button>
        </FormAlert>
      ) : categories.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('manage.empty')}</p>
      ) : (
        <ul aria-label={t('manage.title')} className="flex flex-col divide-y rounded-lg border">
          {categories.data.map((category) => (
            <CategoryItem key={category.id} category={category} />
          ))}
        </ul>
      )}
      <AddCategoryForm />
    </div>
  );
}

type Mode = 'view' | 'rename' | 'confirmDelete';

function CategoryItem({ category }: { category: Category }) {
  const { t } = useTranslation('transactions');
  const nameOf = useCategoryName();
  const name = nameOf(category);
  const [mode, setMode] = useState<Mode>('view');
  const renameButtonId = useId();
  const deleteButtonId = useId();

  // Back to the row: focus returns to the button that opened the form, not to the page's top.
  const backTo = (buttonId: string) => {
    setMode('view');
    requestAnimationFrame(() => document.getElementById(buttonId)?.focus());
  };

  if (mode === 'rename') {
    return (
      <li className="p-3">
        <RenameForm category={category} name={name} onDone={() => backTo(renameButtonId)} />
      </li>
    );
  }
  if (mode === 'confirmDelete') {
    return (
      <li className="p-3">
        <DeleteConfirmation category={category} name={name} onCancel={() => backTo(deleteButtonId)} />
      </li>
    );
  }
  return (
    <li className="flex items-center gap-3 py-1 pr-1 pl-3">
      <span
        aria-hidden="true"
        className="size-3 shrink-0 rounded-full"
        style={{ backgroundColor: category.color }}
      />
      <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
      <Button
        id={renameButtonId}
        variant="ghost"
        size="icon"
        aria-label={t('manage.renameButton', { name })}
        onClick={() => setMode('rename')}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        id={deleteButtonId}
        variant="ghost"
        size="icon"
        aria-label={t('manage.deleteLabel', { name })}
        onClick={() => setMode('confirmDelete')}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

function RenameForm({ category, name, onDone }: { category: Category; name: string; onDone: () => void }) {
  const { t } = useTranslation('transactions');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const savedToast = useSavedToast();
  const update = useUpdateCategory();
  const [value, setValue] = useState(name);
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(categoryRequestSchema, { name: value, color: category.color });
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    update.mutate(
      { id: category.id, body: result.data },
      {
        onSuccess: () => {
          savedToast(t('manage.renamed'));
          onDone();
        },
        onError: (error) => setErrors(fieldErrorsFromApiError(error, FIELD_BY_CODE) ?? {}),
      },
    );
  }

  const formError = update.isError && !fieldErrorsFromApiError(update.error, FIELD_BY_CODE);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label={t('manage.renameLabel', { name })}
        value={value}
        maxLength={40}
        autoFocus
        error={fieldMessage(errors.name)}
        onChange={(event) => {
          setValue(event.target.value);
          setErrors({});
        }}
      />
      {formError ? <FormAlert>{failureMessage(update.error, 'internal_error')}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          <Check aria-hidden="true" />
          {t('manage.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('manage.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DeleteConfirmation({
  category,
  name,
  onCancel,
}: {
  category: Category;
  name: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('transactions');
  const failureMessage = useFailureMessage();
  const savedToast = useSavedToast();
  const remove = useDeleteCategory();
  const titleId = useId();
  const regionRef = useRef<HTMLElement>(null);

  // Read the question out first, so the choice is never made blind.
  useEffect(() => regionRef.current?.focus(), []);

  return (
    <section
      ref={regionRef}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-lg outline-none"
    >
      <p id={titleId} className="text-sm font-semibold">
        {t('manage.deleteTitle', { name })}
      </p>
      <p className="text-sm text-muted-foreground">{t('manage.deleteBody')}</p>
      {remove.isError ? <FormAlert>{failureMessage(remove.error, 'internal_error')}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(category.id, { onSuccess: () => savedToast(t('manage.deleted')) })}
        >
          <Trash2 aria-hidden="true" />
          {t('manage.deleteConfirm')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('manage.cancel')}
        </Button>
      </div>
    </section>
  );
}

function AddCategoryForm() {
  const { t } = useTranslation('transactions');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const savedToast = useSavedToast();
  const create = useCreateCategory();
  const headingId = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(CATEGORY_PALETTE[0].hex);
  const [errors, setErrors] = useState<FieldErrors>({});
  const nameId = useId();
  const focusName = () => document.getElementById(nameId)?.focus();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(categoryRequestSchema, { name, color });
    if (!result.success) {
      setErrors(result.errors);
      focusName();
      return;
    }
    create.mutate(result.data, {
      onSuccess: () => {
        savedToast(t('manage.added'));
        setName('');
        setErrors({});
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsFromApiError(error, FIELD_BY_CODE);
        setErrors(fieldErrors ?? {});
        if (fieldErrors?.name) focusName();
      },
    });
  }

  const formError = create.isError && !fieldErrorsFromApiError(create.error, FIELD_BY_CODE);
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit}
      className="flex flex-col gap-3 border-t pt-4"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        {t('manage.addTitle')}
      </h3>
      <TextField
        id={nameId}
        label={t('manage.name')}
        placeholder={t('manage.namePlaceholder')}
        value={name}
        maxLength={40}
        autoComplete="off"
        error={fieldMessage(errors.name)}
        onChange={(event) => {
          setName(event.target.value);
          setErrors({});
        }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('manage.color')}</legend>
        <div className="flex flex-wrap gap-1">
          {CATEGORY_PALETTE.map((swatch) => (
            <label
              key={swatch.hex}
              className="relative inline-flex size-11 cursor-pointer items-center justify-center"
            >
              <input
                type="radio"
                name="category-color"
                value={swatch.hex}
                checked={color === swatch.hex}
                onChange={() => setColor(swatch.hex)}
                className="peer sr-only"
              />
              <span className="sr-only">{t(`colors.${swatch.name}`)}</span>
              <span
                aria-hidden="true"
                style={{ backgroundColor: swatch.hex }}
                className={cn(
                  'size-8 rounded-full ring-offset-2 ring-offset-popover',
                  'peer-checked:ring-2 peer-checked:ring-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-ring',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      {formError ? <FormAlert>{failureMessage(create.error, 'internal_error')}</FormAlert> : null}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        <Plus aria-hidden="true" />
        {t('manage.add')}
      </Button>
    </form>
  );
}
