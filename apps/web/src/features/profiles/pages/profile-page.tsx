import type { OwnProfile } from '@ztart/shared/contracts/profiles';
import { AtSign, Contact, Copy, Info, Pencil, Trash2, User } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { VerifiedBadge } from '@/components/verified-badge';
import { displayNameOf, type SessionUser, useAuth } from '@/lib/auth/auth-context';

/** The link that opens the quick-tip page for this ztartag. */
export function tipLinkOf(tag: string, origin: string = window.location.origin): string {
  return `${origin}/quick-tip?to=${encodeURIComponent(tag)}`;
}

/**
 * `/profile`: the person's profile as it reads, with the way to each edit. Sections of spec §2
 * that are built: about, contact info, tag settings, delete account (photos, posts and the
 * gallery arrive with their features).
 */
export function ProfilePage() {
  const { t } = useTranslation(['screens', 'account', 'errors']);
  const auth = useAuth();
  if (auth.status !== 'signedIn') return null;
  const { profile, user } = auth;
  const name = displayNameOf(auth);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={User}
        title={t('screens:profile.title')}
        description={t('screens:profile.description')}
      />
      {profile ? (
        <>
          <Card>
            <CardContent className="flex flex-col items-start gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6">
              <Avatar name={name} src={profile.avatarUrl} className="size-20 text-xl" />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="truncate text-xl font-semibold">{profile.fullName || name}</p>
                {profile.ztartag ? <p className="text-muted-foreground">@{profile.ztartag}</p> : null}
                {profile.username ? (
                  <p className="text-sm text-muted-foreground">{profile.username}</p>
                ) : null}
              </div>
              <Link to="/account?tab=profile" className={buttonVariants({ variant: 'outline' })}>
                <Pencil aria-hidden="true" />
                {t('account:profileView.edit')}
              </Link>
            </CardContent>
          </Card>
          <AboutSection profile={profile} />
          <ContactSection user={user} />
          <TagSection profile={profile} />
        </>
      ) : (
        <FormAlert>{t('errors:user_profile_not_found')}</FormAlert>
      )}
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
  );
}

function ProfileSection({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Info;
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
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
    if (!tipLink) return;
    try {
      await navigator.clipboard.writeText(tipLink);
      toast({ title: t('account:profileView.copied'), variant: 'success' });
    } catch {
      toast({ title: t('errors:copy_link_failed'), variant: 'destructive' });
    }
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
