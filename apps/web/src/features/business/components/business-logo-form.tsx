import type { Business } from '@ztart/shared/contracts/businesses';
import { Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { imageFileProblem, isFileProblem } from '@/components/ui/image-file';
import { ImageFileField } from '@/components/ui/image-file-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useBusinessLogo } from '@/features/business/api/businesses';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { useErrorMessage } from '@/hooks/use-error-message';

/** The business's logo, shown on its tip page: the current one and choosing another. */
export function BusinessLogoForm({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const upload = useBusinessLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = imageFileProblem(file);
    if (problem || !file) {
      setFileError(problem);
      inputRef.current?.focus();
      return;
    }
    upload.mutate(
      { id: business.id, image: file },
      {
        onSuccess: () => {
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          toast({ title: t('settings.logoSaved'), variant: 'success' });
        },
        onError: (error) => {
          if (isFileProblem(error)) setFileError(error.code);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-center gap-3">
        <Avatar name={business.name} src={business.logoUrl} className="size-14" />
        <p className="text-sm text-muted-foreground">{t('create.logoHint')}</p>
      </div>
      <ImageFileField
        id={inputId}
        inputRef={inputRef}
        label={t('settings.logo')}
        hint={t('settings.logoHint')}
        error={fileError ? errorMessage(fileError) : undefined}
        onChoose={(next) => {
          setFile(next);
          setFileError(next ? imageFileProblem(next) : null);
          upload.reset();
        }}
      />
      {upload.isError && !isFileProblem(upload.error) ? <BusinessProblem error={upload.error} /> : null}
      <Button type="submit" variant="outline" className="self-start" disabled={upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? t('settings.saving') : t('settings.saveLogo')}
      </Button>
    </form>
  );
}
