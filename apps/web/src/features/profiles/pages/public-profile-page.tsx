import type { PublicPhoto } from '@ztart/shared/contracts/posts';
import { HandCoins, Images, MessageSquareText, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { VerifiedBadge } from '@/components/verified-badge';
import { usePublicProfile } from '@/features/profiles/api/public-profile';
import { GridSkeleton, PhotoGrid } from '@/features/profiles/components/gallery';
import { PostBody } from '@/features/profiles/components/posts-section';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { useFormatDate } from '@/features/profiles/components/use-date';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';

/** The quick-tip page for this ztartag: its own light document, so a plain link. */
function quickTipHref(tag: string): string {
  return `/quick-tip?to=${encodeURIComponent(tag)}`;
}

/**
 * `/@<ztartag>`: what a person made public — their name, photo, public photos and posts — with a
 * prominent button to tip them. Open to everyone, signed in or not.
 */
export function PublicProfilePage({ ztartag }: { ztartag: string }) {
  const { t } = useTranslation(['profile', 'errors']);
  const errorMessage = useErrorMessage();
  const query = usePublicProfile(ztartag);
  const profile = query.data;
  const tag = profile?.ztartag ?? ztartag;
  const notFound =
    query.error instanceof ApiError &&
    (query.error.code === 'recipient_user_not_found' || query.error.code === 'not_found');

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={UserRound}
        title={profile?.fullName || `@${tag}`}
        description={t('profile:public.description')}
      />
      {query.isPending ? (
        <Card>
          <CardContent className="flex items-center gap-4 pt-5 sm:pt-6">
            <Skeleton className="size-20 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </CardContent>
        </Card>
      ) : notFound ? (
        <FormAlert>
          <p>{t('profile:public.notFound', { tag: ztartag })}</p>
          <Link to="/" className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
            {t('profile:public.home')}
          </Link>
        </FormAlert>
      ) : query.isError || !profile ? (
        <FormAlert>
          <p>{t('profile:public.loadFailed')}</p>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('profile:public.retry')}
          </Button>
        </FormAlert>
      ) : (
        <>
          <Card>
            <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6">
              <div className="flex min-w-0 flex-1 items-center gap-4">
                <Avatar
                  name={profile.fullName || profile.ztartag}
                  src={profile.avatarUrl}
                  className="size-20 text-xl"
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="truncate text-muted-foreground">@{profile.ztartag}</p>
                  {profile.verified ? <VerifiedBadge verified /> : null}
                </div>
              </div>
              <a
                href={quickTipHref(profile.ztartag)}
                className={buttonVariants({ variant: 'brand', size: 'lg', className: 'w-full sm:w-auto' })}
              >
                <HandCoins aria-hidden="true" />
                {t('profile:public.tip', { tag: profile.ztartag })}
              </a>
            </CardContent>
          </Card>
          <PublicPhotos photos={profile.photos} tag={profile.ztartag} />
          <ProfileSection icon={MessageSquareText} title={t('profile:public.posts')}>
            {profile.posts.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('profile:public.noPosts')}</p>
            ) : (
              <ul className="flex flex-col gap-4">
                {profile.posts.map((post) => (
                  <li key={post.id} className="flex flex-col gap-2 border-b pb-4 last:border-b-0 last:pb-0">
                    <PostBody post={post} photoAlt={t('profile:posts.photoAlt')} />
                  </li>
                ))}
              </ul>
            )}
          </ProfileSection>
        </>
      )}
      {query.isPending ? <GridSkeleton /> : null}
    </div>
  );
}

function PublicPhotos({ photos, tag }: { photos: PublicPhoto[]; tag: string }) {
  const { t } = useTranslation('profile');
  const formatDate = useFormatDate();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = photos.find((photo) => photo.id === openId) ?? null;
  return (
    <ProfileSection icon={Images} title={t('public.photos')}>
      {photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('public.noPhotos')}</p>
      ) : (
        <PhotoGrid
          photos={photos}
          altOf={(photo) => t('public.photoAlt', { tag, date: formatDate(photo.createdAt) })}
          openLabelOf={(photo) => t('gallery.open', { date: formatDate(photo.createdAt) })}
          onOpen={setOpenId}
        />
      )}
      {open ? (
        <Dialog
          open
          onOpenChange={(next) => {
            if (!next) setOpenId(null);
          }}
          title={t('public.viewTitle', { date: formatDate(open.createdAt) })}
          closeLabel={t('public.close')}
        >
          <img
            src={open.url}
            alt={t('public.photoAlt', { tag, date: formatDate(open.createdAt) })}
            width={open.width}
            height={open.height}
            className="max-h-[70vh] w-full rounded-lg bg-muted object-contain"
          />
        </Dialog>
      ) : null}
    </ProfileSection>
  );
}
