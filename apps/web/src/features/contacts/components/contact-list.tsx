import type { Contact, ContactGroup } from '@ztart/shared/contracts/contacts';
import { Star, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useErrorMessage } from '@/hooks/use-error-message';

export interface ContactListProps {
  contacts: readonly Contact[] | undefined;
  groups: readonly ContactGroup[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (id: string) => void;
  empty: ReactNode;
  label: string;
}

export function ContactList({
  contacts,
  groups,
  loading,
  error,
  onRetry,
  onOpen,
  empty,
  label,
}: ContactListProps) {
  const { t } = useTranslation('contacts');
  const errorMessage = useErrorMessage();
  if (loading) {
    return (
      <div className="flex flex-col gap-4" data-testid="contacts-loading">
        <ListRowSkeleton />
        <ListRowSkeleton />
        <ListRowSkeleton />
      </div>
    );
  }
  if (error && !contacts) {
    return (
      <FormAlert>
        <p>{errorMessage(error)}</p>
        <Button variant="outline" className="self-start" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      </FormAlert>
    );
  }
  if (!contacts || contacts.length === 0) return <>{empty}</>;
  const groupName = new Map(groups.map((group) => [group.id, group.name]));
  return (
    <ul aria-label={label} className="-mx-3 flex flex-col">
      {contacts.map((contact) => {
        const group = contact.groupId ? groupName.get(contact.groupId) : undefined;
        const line = [
          contact.person?.ztartag ? `@${contact.person.ztartag}` : (contact.email ?? contact.phone),
          group,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <li key={contact.id}>
            <button
              type="button"
              onClick={() => onOpen(contact.id)}
              className="flex min-h-14 w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Avatar name={contact.nickname} src={contact.person?.avatarUrl} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center gap-1.5 truncate font-medium">
                  {contact.nickname}
                  {contact.favourite ? (
                    <Star
                      aria-label={t('list.favourite')}
                      className="size-4 shrink-0 fill-current text-amber-700 dark:text-amber-400"
                    />
                  ) : null}
                </span>
                {line ? <span className="truncate text-sm text-muted-foreground">{line}</span> : null}
              </span>
              {contact.blocked ? <Badge>{t('list.blocked')}</Badge> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function EmptyContacts({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-6 text-center">
      <UserRound aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{body}</p>
      {action}
    </div>
  );
}
