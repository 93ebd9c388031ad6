import type { OwnProfile } from '@ztart/shared/contracts/profiles';
import {
  AtSign,
  Contact,
  Copy,
  Globe,
  Info,
  ExternalLink as OpenIcon,
  Pencil,
  Trash2,
  User,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast/toast-store';
import { VerifiedBadge } from '@/components/verified-badge';
import { ActivitySection } from '@/features/profiles/components/activity-section';
import { CameraCapture } from '@/features/profiles/components/camera-capture';
import { Gallery } from '@/features/profiles/components/gallery';
import { PhotoUpload } from '@/features/profiles/components/photo-upload';
import { PostsSection } from '@/features/profiles/components/posts-section';
import { ProfileSection } from '@/features/profiles/components/profile-section';
import { publicProfilePathOf } from '@/features/profiles/public-profile-path';
import { displayNameOf, type SessionUser, useAuth } from '@/lib/auth/auth-context';

/** The link that opens the quick-tip page for this ztartag. */
export function tipLinkOf(tag: string, origin: string = window.location.origin): string {
  return `${origin}/quick-tip?to=${encodeURIComponent(tag)}`;
}

/** The public profile's address: what the contact QR encodes and the profile's copy-link button copies. */
export function profileLinkOf(tag: string, origin: string = window.location.origin): string {
  return `${origin}${publicProfilePathOf(tag)}`;
}

export const PROFILE_SECTIONS = ['about', 'photos', 'gallery', 'posts', 'activity'] as const;
export type ProfileSectionName = (typeof PROFILE_SECTIONS)[number];

export function parseProfileSection(value: string | null): ProfileSectionName {
  return (PROFILE_SECTIONS as readonly string[]).includes(value ?? '')
    ? (value as ProfileSectionName)
    : 'about';
}

/** Copies a link; says so, or says it could not ("Could not copy link"). */
async function copyLink(link: string, copiedMessage: string, failedMessage: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: copiedMessage, variant: 'success' });
  } catch {
    toast({ title: failedMessage, variant: 'destructive' });
  }
}

/**
 * `/profile`: the person's profile in sections of spec §2, the section chosen by `?section=`:
 * about (with the public profile link, contact info, tag settings and the way to delete the
 * account), photos (upload or camera), gallery, posts and activity.
 */
export function ProfilePage() {
  const { t } = useTranslation(['screens', 'account', 'errors', 'profile']);
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const section = parseProfileSection(searchParams.get('section'));
  if (auth.status !== 'signedIn') return null;
  const { profile, user } = auth;
  const name = displayNameOf(auth);
  const show = (next: ProfileSectionName) =>
    setSearchParams(
      (params) => {
        params.set('section', next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={User}
        title={t('screens:profile.title')}
        description={t('screens:profile.description')}
      />
      {profile ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6">
            <Avatar name={name} src={profile.avatarUrl} className="size-20 text-xl" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="truncate text-xl font-semibold">{profile.fullName || name}</p>
              {profile.ztartag ? <p className="text-muted-foreground">@{profile.ztartag}</p> : null}
              {profile.username ? <p className="text-sm text-muted-foreground">{profile.username}</p> : null}
            </div>
            <Link to="/account?tab=profile" className={buttonVariants({ variant: 'outline' })}>
              <Pencil aria-hidden="true" />
              {t('account:profileView.edit')}
            </Link>
          </CardContent>
        </Card>
      ) : (
        <FormAlert>{t('errors:user_profile_not_found')}</FormAlert>
      )}
      <Tabs
        label={t('profile:tabs.label')}
        tabs={PROFILE_SECTIONS.map((value) => ({ value, label: t(`profile:tabs.${value}`) }))}
        value={section}
        onValueChange={show}
      >
        {section === 'about' ? (
          <div className="flex flex-col gap-6">
            {profile ? (
              <>
                <AboutSection profile={profile} />
                <PublicLinkSection profile={profile} />
                <ContactSection user={user} />
                <TagSection profile={profile} />
              </>
            ) : null}
            <ProfileSection icon={Trash2} title={t('account:profileView.deleteTitle')}>
              <p className="text-sm text-muted-foreground">{t('account:profileView.deleteDescription')}</p>
              <Link
                to="/account?tab=advanced"
                className={buttonVariants({ variant: 'outline', className: 'self-start text-destructive' })}
              >
                {t('account:profileView.deleteAction')}
              </Link>
            </ProfileSection>
          </div>
        ) : section === 'photos' ? (
          <div className="flex flex-col gap-6">
            <PhotoUpload />
            <CameraCapture />
          </div>
        ) : section === 'gallery' ? (
          <Gallery onAddPhoto={() => show('photos')} />
        ) : section === 'posts' ? (
          <PostsSection />
        ) : (
          <ActivitySection />
        )}
      </Tabs>
    </div>
  );
}

/** A term and its value; an empty value says so and points to where it is added. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const empty = children === null || children === undefined || children === '';
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-muted-foreground sm:w-36 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 text-sm break-words">
        {empty ? <span className="text-muted-foreground italic">{t('profileView.notAdded')}</span> : children}
      </dd>
    </div>
  );
}

function ExternalLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {href.replace(/^https?:\/\//, '')}
    </a>
  );
}

function AboutSection({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation('account');
  // A birthday is a calendar date, not an instant: formatted in UTC so no time zone moves it.
  const birthday = profile.birthday
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${profile.birthday}T00:00:00Z`),
      )
    : null;
  const socialLinks = Object.entries(profile.socialLinks);
  return (
    <ProfileSection icon={Info} title={t('profileView.about')}>
      <dl className="flex flex-col gap-3">
        <Detail term={t('fields.bio')}>
          {profile.bio ? <p className="whitespace-pre-line">{profile.bio}</p> : null}
        </Detail>
        <Detail term={t('fields.location')}>{profile.location}</Detail>
        <Detail term={t('fields.website')}>
          {profile.website ? <ExternalLink href={profile.website} /> : null}
        </Detail>
        <Detail term={t('profileView.socialLinks')}>
          {socialLinks.length > 0 ? (
            <ul className="flex flex-col gap-1">
              {socialLinks.map(([network, url]) => (
                <li key={network}>
                  <span className="text-muted-foreground">{network}: </span>
                  <ExternalLink href={url} />
                </li>
              ))}
            </ul>
          ) : null}
        </Detail>
        <Detail term={t('fields.birthday')}>{birthday}</Detail>
      </dl>
    </ProfileSection>
  );
}

function ContactSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  return (
    <ProfileSection icon={Contact} title={t('profileView.contact')}>
      <dl className="flex flex-col gap-3">
        <Detail term={t('fields.email')}>
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{user.email}</span>
            <VerifiedBadge verified={user.emailVerified} />
          </span>
        </Detail>
        <Detail term={t('fields.phone')}>
          {user.phone ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">{user.phone}</span>
              <VerifiedBadge verified={user.phoneVerified} />
            </span>
          ) : null}
        </Detail>
      </dl>
      <p className="text-sm text-muted-foreground">{t('profileView.contactPrivate')}</p>
    </ProfileSection>
  );
}

function TagSection({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const tipLink = profile.ztartag ? tipLinkOf(profile.ztartag) : null;
  const plan = i18n.exists(`account:plans.${profile.ztartagPlan}`)
    ? t(`account:plans.${profile.ztartagPlan}` as 'account:plans.free')
    : profile.ztartagPlan;

  const copy = async () => {
    if (tipLink) await copyLink(tipLink, t('account:profileView.copied'), t('errors:copy_link_failed'));
  };

  return (
    <ProfileSection icon={AtSign} title={t('account:profileView.tag')}>
      <dl className="flex flex-col gap-3">
        <Detail term={t('account:fields.ztartag')}>{profile.ztartag ? `@${profile.ztartag}` : null}</Detail>
        <Detail term={t('account:profileView.plan')}>{plan}</Detail>
        <Detail term={t('account:profileView.tipLink')}>
          {tipLink ? <span className="break-all">{tipLink}</span> : null}
        </Detail>
      </dl>
      <div className="flex flex-wrap gap-2">
        {tipLink ? (
          <Button variant="primary" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t('account:profileView.copyLink')}
          </Button>
        ) : null}
        <Link to="/account?tab=profile" className={buttonVariants({ variant: 'outline' })}>
          <Pencil aria-hidden="true" />
          {t('account:profileView.editTag')}
        </Link>
      </div>
    </ProfileSection>
  );
}

/** The public profile `/@<ztartag>`: its link to copy, and the way to open it. */
function PublicLinkSection({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation(['profile', 'errors']);
  const link = profile.ztartag ? profileLinkOf(profile.ztartag) : null;
  return (
    <ProfileSection icon={Globe} title={t('profile:link.title')} description={t('profile:link.description')}>
      {link && profile.ztartag ? (
        <>
          <p className="break-all text-sm">{link}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              onClick={() => void copyLink(link, t('profile:link.copied'), t('errors:copy_link_failed'))}
            >
              <Copy aria-hidden="true" />
              {t('profile:link.copy')}
            </Button>
            <Link
              to={publicProfilePathOf(profile.ztartag)}
              className={buttonVariants({ variant: 'outline' })}
            >
              <OpenIcon aria-hidden="true" />
              {t('profile:link.view')}
            </Link>
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('profile:link.noTag')}</p>
      )}
    </ProfileSection>
  );
}
