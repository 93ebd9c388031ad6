import { DEFAULT_VISIBILITY, type Visibility } from '@ztart/shared/contracts/posts';
import { ImageUp, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, INPUT_CLASS } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { useUploadPhoto } from '@/features/profiles/api/photos';
import { imageFileProblem, isFileProblem, isGalleryFull } from '@/features/profiles/components/image-file';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { useObjectUrl } from '@/features/profiles/components/use-object-url';
import { VisibilityField } from '@/features/profiles/components/visibility';
import { useErrorMessage, useFailureMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';

/** Adds a photo from a file: choose (previewed), say who sees it, upload. */
export function PhotoUpload() {
  const { t } = useTranslation('profile');
  const errorMessage = useErrorMessage();
  const failureMessage = useFailureMessage();
  const upload = useUploadPhoto();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<Visibility>(DEFAULT_VISIBILITY);
  const preview = useObjectUrl(file);

  const choose = (next: File | null) => {
    setFile(next);
    setFileError(next ? imageFileProblem(next) : null);
    upload.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = imageFileProblem(file);
    if (problem || !file) {
      setFileError(problem);
      inputRef.current?.focus();
      return;
    }
    upload.mutate(
      { image: file, visibility },
      {
        onSuccess: () => {
          choose(null);
          if (inputRef.current) inputRef.current.value = '';
          toast({ title: t('photos.uploaded'), variant: 'success' });
        },
        onError: (error) => {
          if (isFileProblem(error)) setFileError(error.code);
        },
      },
    );
  };

  const failed = upload.isError && !isFileProblem(upload.error);
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  return (
    <ProfileSection icon={ImageUp} title={t('photos.title')} description={t('photos.description')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('photos.choose')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[fileError ? errorId : null, hintId].filter(Boolean).join(' ')}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className={cn(
              INPUT_CLASS,
              'cursor-pointer py-1.5 file:mr-3 file:min-h-8 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:text-sm file:font-medium',
            )}
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            {t('photos.hint')}
          </p>
          <FieldError id={errorId} error={fileError ? errorMessage(fileError) : undefined} />
        </div>
        {preview ? (
          <img
            src={preview}
            alt={t('photos.previewAlt')}
            className="max-h-64 w-full rounded-lg bg-muted object-contain"
          />
        ) : null}
        <VisibilityField value={visibility} onChange={setVisibility} disabled={upload.isPending} />
        {failed ? (
          <FormAlert>
            {isGalleryFull(upload.error)
              ? t('photos.full')
              : failureMessage(upload.error, 'profile_update_failed')}
          </FormAlert>
        ) : null}
        <Button type="submit" className="self-start" disabled={upload.isPending}>
          <Upload aria-hidden="true" />
          {upload.isPending ? t('photos.uploading') : t('photos.upload')}
        </Button>
      </form>
    </ProfileSection>
  );
}
