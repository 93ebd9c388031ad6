import type { Contact, ContactGroup } from '@ztart/shared/contracts/contacts';
import { Ban, HandCoins, Pencil, Scale, Send, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TransactionList } from '@/components/transactions';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useContact, useDeleteContact, useUpdateContact } from '@/features/contacts/api/contacts';
import { ContactForm } from '@/features/contacts/components/contact-form';
import { useErrorMessage } from '@/hooks/use-error-message';

/** The signed-in quick tip's page (features/tips), which takes its recipient as `?to=`. */
const TIP_PATH = '/quick-tip/send';

export interface ContactDetailProps {
  id: string | null;
  groups: readonly ContactGroup[];
  onClose: () => void;
}

/** One contact: their details, and what can be done with them (pay, tip, history, debts, edit, block, delete). */
export function ContactDetail({ id, groups, onClose }: ContactDetailProps) {
  const { t } = useTranslation('contacts');
  const errorMessage = useErrorMessage();
  const contact = useContact(id);

  return (
    <Sheet
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={contact.data?.nickname ?? t('detail.title')}
      closeLabel={t('actions.close')}
    >
      {contact.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : contact.isError ? (
        <FormAlert>{errorMessage(contact.error)}</FormAlert>
      ) : (
        <ContactView contact={contact.data} groups={groups} onDeleted={onClose} />
      )}
    </Sheet>
  );
}

function ContactView({
  contact,
  groups,
  onDeleted,
}: {
  contact: Contact;
  groups: readonly ContactGroup[];
  onDeleted: () => void;
}) {
  const { t } = useTranslation('contacts');
  const errorMessage = useErrorMessage();
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const tag = contact.person?.ztartag ?? null;
  const group = groups.find((item) => item.id === contact.groupId);

  const toggle = (field: 'favourite' | 'blocked') =>
    update.mutate(
      { id: contact.id, body: { [field]: !contact[field] } },
      {
        onSuccess: (saved) =>
          toast({
            title: t(`detail.${field}Done.${saved[field] ? 'on' : 'off'}`, { name: saved.nickname }),
            variant: 'success',
          }),
      },
    );

  const details: [string, string | null][] = [
    [t('fields.name'), contact.name],
    [t('fields.phone'), contact.phone],
    [t('fields.email'), contact.email],
    [t('fields.group'), group?.name ?? null],
    [t('fields.relationship'), contact.relationship],
    [t('fields.birthday'), contact.birthday],
    [t('fields.address'), contact.address],
    [t('fields.notes'), contact.notes],
  ];

  return (
    <div className="flex flex-col gap-5" data-testid="contact-detail">
      <div className="flex items-center gap-3">
        <Avatar name={contact.nickname} src={contact.person?.avatarUrl} className="size-12" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{contact.nickname}</p>
          {tag ? <p className="truncate text-sm text-muted-foreground">@{tag}</p> : null}
          <div className="mt-1 flex flex-wrap gap-1">
            {contact.favourite ? <Badge variant="brand">{t('list.favourite')}</Badge> : null}
            {contact.blocked ? <Badge>{t('list.blocked')}</Badge> : null}
          </div>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-2">
        {tag && !contact.blocked ? (
          <>
            <Link
              to={`/payments?to=${encodeURIComponent(tag)}`}
              className={buttonVariants({ variant: 'brand' })}
            >
              <Send aria-hidden="true" />
              {t('detail.sendMoney')}
            </Link>
            <Link
              to={`${TIP_PATH}?to=${encodeURIComponent(tag)}`}
              className={buttonVariants({ variant: 'outline' })}
            >
              <HandCoins aria-hidden="true" />
              {t('detail.tip')}
            </Link>
          </>
        ) : null}
        <Link
          to={`/contacts/debts?contact=${encodeURIComponent(contact.id)}`}
          className={buttonVariants({ variant: 'outline' })}
        >
          <Scale aria-hidden="true" />
          {t('detail.settleDebt')}
        </Link>
        <Button variant="outline" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          {t('actions.edit')}
        </Button>
        <Button
          variant="outline"
          aria-pressed={contact.favourite}
          disabled={update.isPending}
          onClick={() => toggle('favourite')}
        >
          <Star aria-hidden="true" className={contact.favourite ? 'fill-current' : undefined} />
          {contact.favourite ? t('detail.unfavourite') : t('detail.favourite')}
        </Button>
        {tag ? (
          <Button variant="outline" disabled={update.isPending} onClick={() => toggle('blocked')}>
            <Ban aria-hidden="true" />
            {contact.blocked ? t('detail.unblock') : t('detail.block')}
          </Button>
        ) : null}
        <Button variant="outline" className="text-destructive" onClick={() => setConfirmingDelete(true)}>
          <Trash2 aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      </div>
      {tag && contact.blocked ? (
        <p className="text-sm text-muted-foreground">{t('detail.blockedHint')}</p>
      ) : null}
      {update.isError ? <FormAlert>{errorMessage(update.error)}</FormAlert> : null}

      <dl className="grid grid-cols-1 gap-3 text-sm">
        {details
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="whitespace-pre-line break-words">{value}</dd>
            </div>
          ))}
      </dl>

      {tag ? (
        <section aria-labelledby="contact-history" className="flex flex-col gap-2">
          <h3 id="contact-history" className="font-semibold">
            {t('detail.history')}
          </h3>
          <TransactionList compact filters={{ counterparty: tag }} emptyText={t('detail.historyEmpty')} />
        </section>
      ) : null}

      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={t('edit.title')}
        closeLabel={t('actions.close')}
      >
        {editing ? (
          <ContactForm
            contact={contact}
            person={contact.person}
            groups={groups}
            pending={update.isPending}
            error={update.error}
            onCancel={() => setEditing(false)}
            onSubmit={(body) =>
              update.mutate(
                { id: contact.id, body },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast({ title: t('edit.done'), variant: 'success' });
                  },
                },
              )
            }
          />
        ) : null}
      </Dialog>

      <Dialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('delete.title', { name: contact.nickname })}
        description={t('delete.description')}
        closeLabel={t('actions.close')}
      >
        {remove.isError ? <FormAlert className="mb-3">{errorMessage(remove.error)}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setConfirmingDelete(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(contact.id, {
                onSuccess: () => {
                  setConfirmingDelete(false);
                  toast({ title: t('delete.done', { name: contact.nickname }), variant: 'success' });
                  onDeleted();
                },
              })
            }
          >
            {t('delete.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
