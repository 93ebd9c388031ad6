import type { Business, BusinessInvitation, BusinessMember } from '@ztart/shared/contracts/businesses';
import { UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDestructive } from '@/components/confirm-destructive';
import { PageHeader } from '@/components/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useMembers, useRemoveMember, useRevokeInvitation } from '@/features/business/api/team';
import { WithBusiness } from '@/features/business/components/business-picker';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { ForbiddenState, isForbidden } from '@/features/business/components/forbidden-state';
import { InviteForm } from '@/features/business/components/invite-form';
import { memberName } from '@/features/business/components/member-name';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * `/business-admin/team`: the team of a business with each member's role and status, inviting by
 * ztartag or email, removing a member, leaving. Not guarded in the browser: a person the server
 * refuses sees why.
 */
export function BusinessTeamPage() {
  const { t } = useTranslation('business');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={UsersRound} title={t('team.title')} description={t('team.description')} />
      <WithBusiness>{(business) => <Team key={business.id} business={business} />}</WithBusiness>
    </div>
  );
}

function Team({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const members = useMembers(business.id);
  const auth = useAuth();
  const titleId = useId();
  const [removing, setRemoving] = useState<BusinessMember | null>(null);
  const [revoking, setRevoking] = useState<BusinessInvitation | null>(null);
  const myId = auth.user?.id ?? '';

  if (members.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only" role="status">
          {t('team.loading')}
        </p>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  }
  if (members.isError) {
    if (isForbidden(members.error)) return <ForbiddenState error={members.error} />;
    return (
      <FormAlert>
        <p>{errorMessage(members.error)}</p>
        <Button variant="outline" className="self-start" onClick={() => void members.refetch()}>
          {t('actions.retry')}
        </Button>
      </FormAlert>
    );
  }
  const { items, invitations, used, max } = members.data;
  const canInvite = business.myPermissions.includes('inviteMembers');
  const canRemove = business.myPermissions.includes('removeMembers');
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('team.members', { name: business.name })}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="team-usage">
            {t('team.usage', { used, max })}
          </p>
        </div>
        <ul className="flex flex-col divide-y rounded-xl border bg-card">
          {items.map((member) => (
            <li
              key={member.userId}
              data-testid="team-member"
              className="flex flex-wrap items-center gap-3 p-3"
            >
              <Avatar name={memberName(member, '?')} className="size-10" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{memberName(member, t('team.unnamed'))}</span>
                {member.ztartag && member.fullName ? (
                  <span className="text-sm text-muted-foreground">@{member.ztartag}</span>
                ) : null}
              </div>
              <Badge variant={member.role === 'owner' ? 'brand' : 'neutral'}>
                {t(`roles.${member.role}`)}
              </Badge>
              <Badge>{t(`approval.${member.approvalStatus}`)}</Badge>
              {member.role !== 'owner' && (canRemove || member.userId === myId) ? (
                <Button variant="ghost" onClick={() => setRemoving(member)}>
                  {member.userId === myId ? t('leave.action') : t('team.remove')}
                </Button>
              ) : null}
            </li>
          ))}
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              data-testid="team-invitation"
              className="flex flex-wrap items-center gap-3 p-3"
            >
              <Avatar name={invitation.invitee} className="size-10" />
              <span className="min-w-0 flex-1 truncate font-medium">{invitation.invitee}</span>
              <Badge>{t('approval.pending')}</Badge>
              {canInvite ? (
                <Button
                  variant="ghost"
                  aria-label={t('team.revokeInvitationNamed', { who: invitation.invitee })}
                  onClick={() => setRevoking(invitation)}
                >
                  {t('team.revokeInvitation')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {canInvite ? (
        <section className="flex flex-col gap-3" aria-label={t('invite.title')}>
          <h2 className="text-lg font-semibold">{t('invite.title')}</h2>
          <InviteForm business={business} />
        </section>
      ) : null}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={
          removing
            ? removing.userId === myId
              ? t('leave.title', { name: business.name })
              : t('team.removeTitle', { name: memberName(removing, t('team.unnamed')) })
            : ''
        }
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {removing ? (
          <RemoveMember
            business={business}
            member={removing}
            self={removing.userId === myId}
            onDone={() => setRemoving(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={revoking ? t('team.revokeTitle', { who: revoking.invitee }) : ''}
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {revoking ? (
          <RevokeInvitation business={business} invitation={revoking} onDone={() => setRevoking(null)} />
        ) : null}
      </Dialog>
    </div>
  );
}

function RemoveMember({
  business,
  member,
  self,
  onDone,
}: {
  business: Business;
  member: BusinessMember;
  self: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('business');
  const remove = useRemoveMember();
  const name = memberName(member, t('team.unnamed'));
  return (
    <ConfirmDestructive
      problem={remove.isError ? <BusinessProblem error={remove.error} /> : null}
      confirmLabel={self ? t('leave.confirm') : t('team.removeConfirm')}
      cancelLabel={t('actions.cancel')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          { businessId: business.id, userId: member.userId },
          {
            onSuccess: () => {
              toast({
                title: self ? t('leave.done', { name: business.name }) : t('team.removed', { name }),
                variant: 'success',
              });
              onDone();
            },
          },
        )
      }
      onCancel={onDone}
    >
      {self
        ? t('leave.body', { name: business.name })
        : t('team.removeBody', { name, business: business.name })}
    </ConfirmDestructive>
  );
}

function RevokeInvitation({
  business,
  invitation,
  onDone,
}: {
  business: Business;
  invitation: BusinessInvitation;
  onDone: () => void;
}) {
  const { t } = useTranslation('business');
  const revoke = useRevokeInvitation(business.id);
  const who = invitation.invitee;
  return (
    <ConfirmDestructive
      problem={revoke.isError ? <BusinessProblem error={revoke.error} /> : null}
      confirmLabel={t('team.revokeConfirm')}
      cancelLabel={t('actions.cancel')}
      pending={revoke.isPending}
      onConfirm={() =>
        revoke.mutate(invitation.id, {
          onSuccess: () => {
            toast({ title: t('team.revoked', { who }), variant: 'success' });
            onDone();
          },
        })
      }
      onCancel={onDone}
    >
      {t('team.revokeBody', { who, business: business.name })}
    </ConfirmDestructive>
  );
}
