import type { Photo } from '@ztart/shared/contracts/posts';
import { Images, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useDeletePhoto, useOwnPhotos } from '@/features/profiles/api/photos';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { useFormatDate } from '@/features/profiles/components/use-date';
import { VisibilityBadge } from '@/features/profiles/components/visibility';
import { useErrorMessage, useFailureMessage } from '@/hooks/use-error-message';

/** A grid of photos: each a button that opens it larger. */
export function PhotoGrid({
  photos,
  altOf,
  openLabelOf,
  onOpen,
}: {
  photos: readonly Pick<Photo, 'id' | 'url' | 'createdAt'>[];
  altOf: (photo: Pick<Photo, 'createdAt'>) => string;
  openLabelOf: (photo: Pick<Photo, 'createdAt'>) => string;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 sm:gap-2">
      {photos.map((photo) => (
        <li key={photo.id}>
          <button
            type="button"
            onClick={() => onOpen(photo.id)}
            aria-label={openLabelOf(photo)}
            className="block aspect-square w-full overflow-hidden rounded-md bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <img src={photo.url} alt={altOf(photo)} loading="lazy" className="size-full object-cover" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function GridSkeleton() {
  return (
    <div className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 sm:gap-2">
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <Skeleton key={key} className="aspect-square w-full" />
      ))}
    </div>
  );
}

/** The own photos: a grid, each opened larger with its visibility, deleted after a confirmation. */
export function Gallery({ onAddPhoto }: { onAddPhoto: () => void }) {
  const { t } = useTranslation('profile');
  const errorMessage = useErrorMessage();
  const formatDate = useFormatDate();
  const query = useOwnPhotos();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = query.photos.find((photo) => photo.id === openId) ?? null;

  return (
    <ProfileSection icon={Images} title={t('gallery.title')} description={t('gallery.description')}>
      {query.isPending ? (
        <GridSkeleton />
      ) : query.isError && query.photos.length === 0 ? (
        <FormAlert>
          <p>{t('gallery.loadFailed')}</p>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('gallery.retry')}
          </Button>
        </FormAlert>
      ) : query.photos.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted-foreground">{t('gallery.empty')}</p>
          <Button variant="outline" onClick={onAddPhoto}>
            {t('gallery.addFirst')}
          </Button>
        </div>
      ) : (
        <>
          <PhotoGrid
            photos={query.photos}
            altOf={(photo) => t('gallery.photoAlt', { date: formatDate(photo.createdAt) })}
            openLabelOf={(photo) => t('gallery.open', { date: formatDate(photo.createdAt) })}
            onOpen={setOpenId}
          />
          <LoadMore
            query={query}
            labels={{
              loadMore: t('gallery.loadMore'),
              loadingMore: t('gallery.loadingMore'),
              retry: t('gallery.retry'),
              end: null,
            }}
          />
        </>
      )}
      {open ? <PhotoDialog key={open.id} photo={open} onClose={() => setOpenId(null)} /> : null}
    </ProfileSection>
  );
}

function PhotoDialog({ photo, onClose }: { photo: Photo; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const failureMessage = useFailureMessage();
  const formatDate = useFormatDate();
  const remove = useDeletePhoto();
  const [confirming, setConfirming] = useState(false);
  const date = formatDate(photo.createdAt);

  // The photo leaves the list as soon as it is deleted, which closes this dialog: the promise,
  // unlike the mutation's own callbacks, still settles after that.
  const confirmDelete = () =>
    remove.mutateAsync(photo.id).then(
      () => {
        toast({ title: t('gallery.deleted'), variant: 'success' });
        onClose();
      },
      () => undefined,
    );

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('gallery.viewTitle', { date })}
      closeLabel={t('gallery.close')}
    >
      <div className="flex flex-col gap-4">
        <img
          src={photo.url}
          alt={t('gallery.photoAlt', { date })}
          width={photo.width}
          height={photo.height}
          className="max-h-[60vh] w-full rounded-lg bg-muted object-contain"
        />
        <VisibilityBadge visibility={photo.visibility} />
        {remove.isError ? <FormAlert>{failureMessage(remove.error, 'photo_delete_failed')}</FormAlert> : null}
        {confirming ? (
          <div className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-3">
            <p className="text-sm">{t('gallery.confirmQuestion')}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="destructive" onClick={() => void confirmDelete()} disabled={remove.isPending}>
                <Trash2 aria-hidden="true" />
                {remove.isPending ? t('gallery.deleting') : t('gallery.confirm')}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                {t('gallery.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button
            variant="outline"
            className="self-start text-destructive"
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            {t('gallery.delete')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
