import type { OwnProfile } from '@ztart/shared/contracts/profiles';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@ztart/shared/limits';
import { Camera, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ImageFileField } from '@/components/ui/image-file-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useRemoveAvatar, useUploadAvatar } from '@/features/account/api/avatar';
import { SectionCard } from '@/features/account/components/section-card';
import { useErrorMessage, useFailureMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';

/** Why a chosen file cannot be sent, checked before the upload (the server checks again). */
function fileProblem(file: File | null): string | null {
  if (!file) return 'image_required';
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'image_invalid';
  if (file.size > AVATAR_MAX_BYTES) return 'payload_too_large';
  return null;
}

/** Codes about the chosen file: shown under the file input rather than as a general failure. */
const FILE_CODES: ReadonlySet<string> = new Set(['image_required', 'image_invalid', 'payload_too_large']);

/** The profile photo: choose an image (previewed), upload it, or remove the current one. */
export function AvatarSection({ profile, name }: { profile: OwnProfile; name: string }) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const failureMessage = useFailureMessage();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (next: File | null) => {
    setFile(next);
    setFileError(next ? fileProblem(next) : null);
    upload.reset();
    remove.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = fileProblem(file);
    if (problem || !file) {
      setFileError(problem);
      inputRef.current?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        choose(null);
        if (inputRef.current) inputRef.current.value = '';
        toast({ title: t('avatar.uploaded'), variant: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && FILE_CODES.has(error.code)) setFileError(error.code);
      },
    });
  };

  const uploadFailed =
    upload.isError && !(upload.error instanceof ApiError && FILE_CODES.has(upload.error.code));

  return (
    <SectionCard icon={Camera} title={t('avatar.title')} description={t('avatar.description')}>
      <div className="flex items-center gap-4">
        <Avatar name={name} src={preview ?? profile.avatarUrl} className="size-20 text-xl" />
        <p className="text-sm text-muted-foreground">
          {preview ? t('avatar.previewNote') : t('avatar.current')}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <ImageFileField
          id={inputId}
          inputRef={inputRef}
          label={t('avatar.choose')}
          hint={t('avatar.hint')}
          error={fileError ? errorMessage(fileError) : undefined}
          onChoose={choose}
        />
        {uploadFailed ? <FormAlert>{failureMessage(upload.error, 'profile_update_failed')}</FormAlert> : null}
        {remove.isError ? <FormAlert>{failureMessage(remove.error, 'photo_delete_failed')}</FormAlert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={upload.isPending}>
            <Upload aria-hidden="true" />
            {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
          </Button>
          {profile.avatarUrl ? (
            <Button
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: t('avatar.removed'), variant: 'success' }),
                })
              }
            >
              <Trash2 aria-hidden="true" />
              {t('avatar.remove')}
            </Button>
          ) : null}
        </div>
      </form>
    </SectionCard>
  );
}
