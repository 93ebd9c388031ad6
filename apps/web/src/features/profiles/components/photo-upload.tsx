import { DEFAULT_VISIBILITY, type Visibility } from '@ztart/shared/contracts/posts';
import { ImageUp, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { imageFileProblem, isFileProblem } from '@/components/ui/image-file';
import { ImageFileField } from '@/components/ui/image-file-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useUploadPhoto } from '@/features/profiles/api/photos';
import { isGalleryFull } from '@/features/profiles/components/image-file';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { VisibilityField } from '@/features/profiles/components/visibility';
import { useErrorMessage, useFailureMessage } from '@/hooks/use-error-message';
import { useObjectUrl } from '@/hooks/use-object-url';

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

  return (
    <ProfileSection icon={ImageUp} title={t('photos.title')} description={t('photos.description')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <ImageFileField
          id={inputId}
          inputRef={inputRef}
          label={t('photos.choose')}
          hint={t('photos.hint')}
          error={fileError ? errorMessage(fileError) : undefined}
          onChoose={choose}
        />
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
