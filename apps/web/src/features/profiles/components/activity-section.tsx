import { Activity, Coins, ImageIcon, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useOwnPhotos } from '@/features/profiles/api/photos';
import { useOwnPosts } from '@/features/profiles/api/posts';
import { useTipsReceivedCount } from '@/features/profiles/api/tips-received';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { useFormatDate } from '@/features/profiles/components/use-date';
import { useErrorMessage } from '@/hooks/use-error-message';

/** How many of the newest public items the activity lists. */
const RECENT_ITEMS = 10;

type ActivityItem =
  | { kind: 'photo'; id: string; createdAt: string; url: string }
  | { kind: 'post'; id: string; createdAt: string; text: string };

/**
 * The person's own recent public activity (decision 0029): the public photos and posts among the
 * latest loaded, newest first, and the number of tips received in the last 30 days. Built from
 * the lists the gallery and posts already read and from the tips' totals: no endpoint of its own.
 */
export function ActivitySection() {
  const { t } = useTranslation('profile');
  const errorMessage = useErrorMessage();
  const formatDate = useFormatDate();
  const photos = useOwnPhotos();
  const posts = useOwnPosts();
  const tips = useTipsReceivedCount();

  const publicPhotos = photos.photos.filter((photo) => photo.visibility === 'public');
  const publicPosts = posts.posts.filter((post) => post.visibility === 'public');
  const recent: ActivityItem[] = [
    ...publicPhotos.map((photo) => ({
      kind: 'photo' as const,
      id: photo.id,
      createdAt: photo.createdAt,
      url: photo.url,
    })),
    ...publicPosts.map((post) => ({
      kind: 'post' as const,
      id: post.id,
      createdAt: post.createdAt,
      text: post.text,
    })),
  ]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, RECENT_ITEMS);

  const loading = photos.isPending || posts.isPending;
  const failed = (photos.isError && !photos.data) || (posts.isError && !posts.data);

  return (
    <ProfileSection icon={Activity} title={t('activity.title')} description={t('activity.description')}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure icon={Coins} term={t('activity.tipsReceived')} pending={tips.isPending}>
          {tips.isError ? '—' : tips.data}
        </Figure>
        <Figure icon={ImageIcon} term={t('activity.publicPhotos')} pending={photos.isPending}>
          {photos.isError ? '—' : publicPhotos.length}
        </Figure>
        <Figure icon={MessageSquareText} term={t('activity.publicPosts')} pending={posts.isPending}>
          {posts.isError ? '—' : publicPosts.length}
        </Figure>
      </dl>
      {photos.hasNextPage || posts.hasNextPage ? (
        <p className="text-sm text-muted-foreground">{t('activity.countsNote')}</p>
      ) : null}
      <Link to="/tips-me" className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
        {t('activity.seeTips')}
      </Link>
      <h3 className="font-medium">{t('activity.recent')}</h3>
      {loading ? (
        <div className="flex flex-col gap-3">
          <ListRowSkeleton />
          <ListRowSkeleton />
        </div>
      ) : failed ? (
        <FormAlert>
          <p>{t('activity.loadFailed')}</p>
          <p>{errorMessage(photos.error ?? posts.error)}</p>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              void photos.refetch();
              void posts.refetch();
            }}
          >
            {t('posts.retry')}
          </Button>
        </FormAlert>
      ) : recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {recent.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="flex items-center gap-3">
              {item.kind === 'photo' ? (
                <img src={item.url} alt="" className="size-12 shrink-0 rounded-md bg-muted object-cover" />
              ) : (
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-md bg-muted">
                  <MessageSquareText aria-hidden="true" className="size-5 text-muted-foreground" />
                </span>
              )}
              <div className="flex min-w-0 flex-col">
                <span className="text-sm font-medium">
                  {item.kind === 'photo' ? t('activity.addedPhoto') : t('activity.wrotePost')}
                </span>
                {item.kind === 'post' ? <span className="truncate text-sm">{item.text}</span> : null}
                <time dateTime={item.createdAt} className="text-sm text-muted-foreground">
                  {formatDate(item.createdAt)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </ProfileSection>
  );
}

function Figure({
  icon: Icon,
  term,
  pending,
  children,
}: {
  icon: typeof Activity;
  term: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border p-3">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
        {term}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">
        {pending ? <Skeleton className="h-8 w-12" /> : children}
      </dd>
    </div>
  );
}
