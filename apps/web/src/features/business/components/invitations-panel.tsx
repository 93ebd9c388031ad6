import type { BusinessInvitation } from '@ztart/shared/contracts/businesses';
import { MailOpen } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast/toast-store';
import { type InvitationAnswer, useAnswerInvitation, useMyInvitations } from '@/features/business/api/team';
import { BusinessProblem } from '@/features/business/components/business-problem';

/** Invitations waiting for the person's answer; nothing at all when there are none. */
export function InvitationsPanel() {
  const { t } = useTranslation('business');
  const invitations = useMyInvitations();
  const titleId = useId();
  if (!invitations.isSuccess || invitations.data.items.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('invitations.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {invitations.data.items.map((invitation) => (
          <li key={invitation.id}>
            <InvitationCard invitation={invitation} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function InvitationCard({ invitation }: { invitation: BusinessInvitation }) {
  const { t } = useTranslation('business');
  const answer = useAnswerInvitation();
  // Answered, the invitation leaves the list (and this card unmounts): the toast follows the promise.
  const reply = (choice: InvitationAnswer) =>
    answer.mutateAsync({ id: invitation.id, answer: choice }).then(
      () =>
        toast({
          title:
            choice === 'accept'
              ? t('invitations.accepted', { name: invitation.businessName })
              : t('invitations.declined', { name: invitation.businessName }),
          variant: 'success',
        }),
      () => undefined,
    );
  return (
    <div data-testid="invitation" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <p className="flex items-start gap-3">
        <MailOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <span>{t('invitations.body', { name: invitation.businessName })}</span>
      </p>
      {answer.isError ? <BusinessProblem error={answer.error} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button disabled={answer.isPending} onClick={() => void reply('accept')}>
          {t('invitations.accept')}
        </Button>
        <Button variant="outline" disabled={answer.isPending} onClick={() => void reply('decline')}>
          {t('invitations.decline')}
        </Button>
      </div>
    </div>
  );
}
