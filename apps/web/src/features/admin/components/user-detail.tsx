import {
  type AdminUserDetail,
  type AuditEntry,
  IMPERSONATION_MAX_MINUTES,
} from '@ztart/shared/contracts/admin';
import { STORED_ROLES, type StoredRole, USER_LEVELS, type UserLevel } from '@ztart/shared/roles';
import { ArrowLeft, Eye, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Money } from '@/components/money/money';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast/toast-store';
import { useAdminUser, useStartImpersonation, useUpdateAdminUser } from '@/features/admin/api/admin-users';
import { AdminSection, QueryState, useDateTime } from '@/features/admin/components/query-states';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useAuth } from '@/lib/auth/auth-context';

/** One person's page: profile, balances, recent transactions, sessions, audit trail and the admin's actions. */
export function UserDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('admin');
  const query = useAdminUser(id);
  return (
    <div className="flex flex-col gap-4" data-testid="admin-user-detail">
      <Button variant="ghost" className="self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {t('users.back')}
      </Button>
      <QueryState query={query} loadingLabel={t('users.loadingOne')}>
        {() => (query.data ? <UserDetailContent detail={query.data} /> : null)}
      </QueryState>
    </div>
  );
}

function displayName(user: AdminUserDetail['user']): string {
  return user.fullName || (user.ztartag ? `@${user.ztartag}` : user.email);
}

function UserDetailContent({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateTime();
  const { user } = detail;
  const name = displayName(user);
  return (
    <div className="flex flex-col gap-4">
      <AdminSection title={name} testId="admin-user-profile">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Fact label={t('users.email')} value={user.email} />
          <Fact label={t('users.ztartag')} value={user.ztartag ? `@${user.ztartag}` : t('users.none')} />
          <Fact label={t('users.phone')} value={user.phone ?? t('users.none')} />
          <Fact
            label={t('users.verified')}
            value={`${t(user.emailVerified ? 'users.emailVerified' : 'users.emailNotVerified')} · ${t(
              user.phoneVerified ? 'users.phoneVerified' : 'users.phoneNotVerified',
            )}`}
          />
          <Fact label={t('users.createdAt')} value={formatDate(user.createdAt)} />
          <Fact
            label={t('users.status')}
            value={
              user.suspended && user.suspendedAt
                ? t('users.suspendedSince', { date: formatDate(user.suspendedAt) })
                : t('users.active')
            }
          />
          <Fact
            label={t('users.pin')}
            value={
              !user.pinSet
                ? t('users.pinNotSet')
                : user.pinLockedUntil
                  ? t('users.pinLocked', { date: formatDate(user.pinLockedUntil) })
                  : t('users.pinFailedAttempts', { count: user.pinFailedAttempts })
            }
          />
        </dl>
      </AdminSection>
      <UserActions detail={detail} />
      <AdminSection title={t('users.balances')} testId="admin-user-balances">
        {detail.balances.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('users.noBalances')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {detail.balances.map((balance) => (
              <li key={`${balance.kind}-${balance.currency}`} className="flex justify-between gap-3 text-sm">
                <span>{t(`accountKinds.${balance.kind}`, { defaultValue: balance.kind })}</span>
                <Money
                  amountMinor={balance.balanceMinor}
                  currency={balance.currency}
                  className="font-medium"
                />
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
      <AdminSection title={t('users.transactions')} testId="admin-user-transactions">
        {detail.recentTransactions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('users.noTransactions')}</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm">
            {detail.recentTransactions.map((transaction) => (
              <li key={transaction.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{transaction.description ?? transaction.kind}</span>
                  <span className="text-muted-foreground">
                    {formatDate(transaction.createdAt)} · {transaction.status}
                  </span>
                </span>
                <Money amountMinor={transaction.amountMinor} currency={transaction.currency} />
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
      <AdminSection title={t('users.sessions')} testId="admin-user-sessions">
        {detail.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('users.noSessions')}</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm">
            {detail.sessions.map((session) => (
              <li key={session.id} className="flex flex-col py-2">
                <span className="truncate">{session.userAgent ?? t('users.unknownDevice')}</span>
                <span className="text-muted-foreground">
                  {t('users.sessionTimes', {
                    started: formatDate(session.createdAt),
                    seen: formatDate(session.lastSeenAt),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
      <AdminSection
        title={t('users.audit')}
        testId="admin-user-audit"
        actions={
          <Link
            to={`/admin?tab=system&actor=${encodeURIComponent(user.id)}`}
            className={buttonVariants({ variant: 'outline' })}
          >
            {t('users.auditLink')}
          </Link>
        }
      >
        <AuditEntries entries={detail.audit} />
      </AdminSection>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{value}</dd>
    </div>
  );
}

/** Audit log rows: when, what, about what, by whom. */
export function AuditEntries({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateTime();
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t('audit.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y text-sm">
      {entries.map((entry) => (
        <li key={entry.id} data-testid="audit-entry" className="flex flex-col gap-0.5 py-2">
          <span className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{entry.actionType}</code>
            {entry.resource ? <span className="truncate text-muted-foreground">{entry.resource}</span> : null}
          </span>
          <span className="text-muted-foreground">
            {formatDate(entry.createdAt)}
            {entry.actorEmail ? ` · ${entry.actorEmail}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

type Confirming = 'suspend' | 'restore' | 'resetPin' | 'impersonate' | null;

/** Role and level, suspension, the PIN lock and viewing as the person: each change confirmed first. */
function UserActions({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const auth = useAuth();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { user } = detail;
  const update = useUpdateAdminUser(user.id);
  const impersonate = useStartImpersonation(user.id, () => void navigate('/wallet'));
  const [role, setRole] = useState<StoredRole>(user.role);
  const [level, setLevel] = useState<UserLevel>(user.userLevel);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const self = auth.status === 'signedIn' && auth.user.id === user.id;
  const name = displayName(user);
  const changed = role !== user.role || level !== user.userLevel;
  const pinLocked = user.pinLockedUntil !== null || user.pinFailedAttempts > 0;

  const save = () =>
    update.mutate(
      { ...(role !== user.role ? { role } : {}), ...(level !== user.userLevel ? { userLevel: level } : {}) },
      { onSuccess: () => toast({ title: t('users.saved', { name }), variant: 'success' }) },
    );

  const confirm = () => {
    if (confirming === 'impersonate') {
      impersonate.mutate({});
      return;
    }
    const patch =
      confirming === 'suspend'
        ? { suspended: true }
        : confirming === 'restore'
          ? { suspended: false }
          : { resetPinLock: true as const };
    const done =
      confirming === 'suspend'
        ? 'users.suspendedToast'
        : confirming === 'restore'
          ? 'users.restoredToast'
          : 'users.pinResetToast';
    update.mutate(patch, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: t(done, { name }), variant: 'success' });
      },
    });
  };

  const pending = update.isPending || impersonate.isPending;
  const failure = confirming ? (confirming === 'impersonate' ? impersonate.error : update.error) : null;

  return (
    <AdminSection title={t('users.actions')} testId="admin-user-actions">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Select
          label={t('users.role')}
          value={role}
          disabled={self}
          onChange={(event) => setRole(event.target.value as StoredRole)}
        >
          {STORED_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`roles.${option}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('users.level')}
          value={level}
          onChange={(event) => setLevel(event.target.value as UserLevel)}
        >
          {USER_LEVELS.map((option) => (
            <option key={option} value={option}>
              {t(`levels.${option}`)}
            </option>
          ))}
        </Select>
      </div>
      {self ? <p className="text-sm text-muted-foreground">{t('users.selfNote')}</p> : null}
      {update.isError && !confirming ? (
        <FormAlert>
          <p>{errorMessage(update.error)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button disabled={!changed || pending} onClick={save}>
          {update.isPending && !confirming ? t('actions.saving') : t('users.saveRole')}
        </Button>
        {user.suspended ? (
          <Button variant="outline" disabled={pending} onClick={() => setConfirming('restore')}>
            <ShieldCheck aria-hidden="true" />
            {t('users.restore')}
          </Button>
        ) : (
          <Button variant="destructive" disabled={pending || self} onClick={() => setConfirming('suspend')}>
            <ShieldOff aria-hidden="true" />
            {t('users.suspend')}
          </Button>
        )}
        <Button variant="outline" disabled={pending || !pinLocked} onClick={() => setConfirming('resetPin')}>
          <KeyRound aria-hidden="true" />
          {t('users.resetPin')}
        </Button>
        <Button
          variant="outline"
          disabled={pending || self || user.suspended}
          onClick={() => setConfirming('impersonate')}
        >
          <Eye aria-hidden="true" />
          {t('users.impersonate')}
        </Button>
      </div>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? t(`confirm.${confirming}Title`, { name }) : ''}
        description={
          confirming
            ? t(`confirm.${confirming}Body`, { name, minutes: IMPERSONATION_MAX_MINUTES })
            : undefined
        }
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        <div className="flex flex-col gap-4">
          {failure ? (
            <FormAlert>
              <p>{errorMessage(failure)}</p>
            </FormAlert>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button
              size="lg"
              className="sm:flex-1"
              variant={confirming === 'suspend' ? 'destructive' : 'primary'}
              disabled={pending}
              onClick={confirm}
            >
              {pending ? t('actions.working') : confirming ? t(`confirm.${confirming}Action`) : ''}
            </Button>
            <Button size="lg" variant="ghost" disabled={pending} onClick={() => setConfirming(null)}>
              {t('actions.cancel')}
            </Button>
          </div>
        </div>
      </Dialog>
    </AdminSection>
  );
}
