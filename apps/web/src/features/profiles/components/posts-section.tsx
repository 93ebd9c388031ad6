import { DEFAULT_VISIBILITY, type Post, type Visibility } from '@ztart/shared/contracts/posts';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { isSafeText } from '@ztart/shared/safe-text';
import { MessageSquareText, PenLine, Send, Trash2, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Field, FieldError, INPUT_CLASS } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { imageFileProblem, isFileProblem } from '@/components/ui/image-file';
import { toast } from '@/components/ui/toast/toast-store';
import { useUploadPhoto } from '@/features/profiles/api/photos';
import { useCreatePost, useDeletePost, useOwnPosts } from '@/features/profiles/api/posts';
import { isGalleryFull } from '@/features/profiles/components/image-file';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { useFormatDate } from '@/features/profiles/components/use-date';
import { VisibilityBadge, VisibilityField } from '@/features/profiles/components/visibility';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useObjectUrl } from '@/hooks/use-object-url';
import { cn } from '@/lib/cn';

/** The translation key of what is wrong with a post's text, or null. */
function textProblem(
  text: string,
): 'validation:required' | 'validation:tooLong' | 'validation:text.unsafe' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'validation:required';
  if (trimmed.length > TEXT_LIMITS.post) return 'validation:tooLong';
  if (!isSafeText(trimmed, { multiline: true })) return 'validation:text.unsafe';
  return null;
}

export function PostsSection() {
  return (
    <div className="flex flex-col gap-6">
      <PostComposer />
      <OwnPosts />
    </div>
  );
}

/** Write a post: the text, optionally a photo (uploaded to the gallery first), who sees it. */
function PostComposer() {
  const { t } = useTranslation(['profile', 'validation']);
  const errorMessage = useErrorMessage();
  const uploadPhoto = useUploadPhoto();
  const createPost = useCreatePost();
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileId = useId();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<ReturnType<typeof textProblem>>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<Visibility>(DEFAULT_VISIBILITY);
  const [failure, setFailure] = useState<unknown>(null);
  const preview = useObjectUrl(photo);
  const busy = uploadPhoto.isPending || createPost.isPending;

  const choosePhoto = (next: File | null) => {
    setPhoto(next);
    setPhotoError(next ? imageFileProblem(next) : null);
    if (!next && fileRef.current) fileRef.current.value = '';
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = textProblem(text);
    setTextError(problem);
    const fileProblem = photo ? imageFileProblem(photo) : null;
    setPhotoError(fileProblem);
    if (problem) {
      textRef.current?.focus();
      return;
    }
    if (fileProblem) {
      fileRef.current?.focus();
      return;
    }
    try {
      const uploaded = photo ? await uploadPhoto.mutateAsync({ image: photo, visibility }) : null;
      await createPost.mutateAsync({ text: text.trim(), visibility, photoId: uploaded?.id ?? null });
      setText('');
      choosePhoto(null);
      toast({ title: t('profile:posts.published'), variant: 'success' });
    } catch (error) {
      if (isFileProblem(error)) setPhotoError(error.code);
      else setFailure(error);
    }
  };

  const remaining = TEXT_LIMITS.post - text.trim().length;
  const photoErrorId = `${fileId}-error`;
  const photoHintId = `${fileId}-hint`;

  return (
    <ProfileSection icon={PenLine} title={t('profile:posts.composeTitle')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <Field
          label={t('profile:posts.text')}
          hint={
            <>
              {t('profile:posts.textHint', { max: TEXT_LIMITS.post })}{' '}
              <span className={cn(remaining < 0 && 'font-medium text-destructive')}>
                {t('profile:posts.remaining', { count: remaining })}
              </span>
            </>
          }
          error={textError ? t(textError) : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              ref={textRef}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (textError) setTextError(textProblem(event.target.value));
              }}
              rows={3}
              className={cn(INPUT_CLASS, 'min-h-24 resize-y')}
            />
          )}
        </Field>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-medium">
            {t('profile:posts.photo')}
          </label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept="image/*"
            aria-invalid={photoError ? true : undefined}
            aria-describedby={[photoError ? photoErrorId : null, photoHintId].filter(Boolean).join(' ')}
            onChange={(event) => choosePhoto(event.target.files?.[0] ?? null)}
            className={cn(
              INPUT_CLASS,
              'cursor-pointer py-1.5 file:mr-3 file:min-h-8 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:text-sm file:font-medium',
            )}
          />
          <p id={photoHintId} className="text-sm text-muted-foreground">
            {t('profile:posts.photoHint')}
          </p>
          <FieldError id={photoErrorId} error={photoError ? errorMessage(photoError) : undefined} />
          {preview ? (
            <div className="flex items-end gap-3">
              <img
                src={preview}
                alt={t('profile:photos.previewAlt')}
                className="size-24 rounded-md object-cover"
              />
              <Button variant="ghost" onClick={() => choosePhoto(null)}>
                <X aria-hidden="true" />
                {t('profile:posts.removePhoto')}
              </Button>
            </div>
          ) : null}
        </div>
        <VisibilityField value={visibility} onChange={setVisibility} disabled={busy} />
        {failure ? (
          <FormAlert>
            <p>{t('profile:posts.failed')}</p>
            <p>{isGalleryFull(failure) ? t('profile:photos.full') : errorMessage(failure)}</p>
          </FormAlert>
        ) : null}
        <Button type="submit" className="self-start" disabled={busy}>
          <Send aria-hidden="true" />
          {busy ? t('profile:posts.publishing') : t('profile:posts.publish')}
        </Button>
      </form>
    </ProfileSection>
  );
}

function OwnPosts() {
  const { t } = useTranslation('profile');
  const errorMessage = useErrorMessage();
  const query = useOwnPosts();
  return (
    <ProfileSection icon={MessageSquareText} title={t('posts.listTitle')}>
      {query.isPending ? (
        <div className="flex flex-col gap-3">
          <ListRowSkeleton />
          <ListRowSkeleton />
        </div>
      ) : query.isError && query.posts.length === 0 ? (
        <FormAlert>
          <p>{t('posts.loadFailed')}</p>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('posts.retry')}
          </Button>
        </FormAlert>
      ) : query.posts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('posts.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {query.posts.map((post) => (
              <OwnPostItem key={post.id} post={post} />
            ))}
          </ul>
          <LoadMore
            query={query}
            labels={{
              loadMore: t('posts.loadMore'),
              loadingMore: t('posts.loadingMore'),
              retry: t('posts.retry'),
              end: null,
            }}
          />
        </>
      )}
    </ProfileSection>
  );
}

/** A post as its readers see it: the text, its photo, when. */
export function PostBody({
  post,
  photoAlt,
}: {
  post: { text: string; photo: { url: string } | null; createdAt: string };
  photoAlt: string;
}) {
  const formatDate = useFormatDate();
  return (
    <>
      <p className="whitespace-pre-line break-words">{post.text}</p>
      {post.photo ? (
        <img
          src={post.photo.url}
          alt={photoAlt}
          loading="lazy"
          className="max-h-80 w-full rounded-lg bg-muted object-contain"
        />
      ) : null}
      <time dateTime={post.createdAt} className="text-sm text-muted-foreground">
        {formatDate(post.createdAt)}
      </time>
    </>
  );
}

function OwnPostItem({ post }: { post: Post }) {
  const { t } = useTranslation('profile');
  const errorMessage = useErrorMessage();
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 border-b pb-4 last:border-b-0 last:pb-0">
      <PostBody post={post} photoAlt={t('posts.photoAlt')} />
      <div className="flex flex-wrap items-center gap-2">
        <VisibilityBadge visibility={post.visibility} />
        {confirming ? null : (
          <Button variant="ghost" className="text-destructive" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            {t('posts.delete')}
          </Button>
        )}
      </div>
      {remove.isError ? (
        <FormAlert>
          <p>{t('posts.deleteFailed')}</p>
          <p>{errorMessage(remove.error)}</p>
        </FormAlert>
      ) : null}
      {confirming ? (
        <div className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-3">
          <p className="text-sm">{t('posts.confirmQuestion')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                // The post leaves the list once deleted: the promise still settles after that.
                void remove.mutateAsync(post.id).then(
                  () => toast({ title: t('posts.deleted'), variant: 'success' }),
                  () => undefined,
                )
              }
            >
              <Trash2 aria-hidden="true" />
              {t('posts.confirm')}
            </Button>
            <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              {t('posts.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
