import { type ContactGroup, contactGroupRequestSchema } from '@ztart/shared/contracts/contacts';
import { FolderPlus, Pencil, Trash2, UsersRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { useDeleteGroup, useSaveGroup } from '@/features/contacts/api/contacts';
import { useErrorMessage } from '@/hooks/use-error-message';
import { fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

export interface GroupsPanelProps {
  groups: readonly ContactGroup[] | undefined;
  loading: boolean;
  error: unknown;
  onOpenGroup: (id: string) => void;
}

/** The person's contact groups: open one to see its contacts, create, rename, describe or delete. */
export function GroupsPanel({ groups, loading, error, onOpenGroup }: GroupsPanelProps) {
  const { t } = useTranslation('contacts');
  const errorMessage = useErrorMessage();
  const [editing, setEditing] = useState<ContactGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContactGroup | null>(null);
  const remove = useDeleteGroup();

  return (
    <div className="flex flex-col gap-4">
      <Button className="self-start" onClick={() => setEditing('new')}>
        <FolderPlus aria-hidden="true" />
        {t('groups.create')}
      </Button>
      {loading ? (
        <div className="flex flex-col gap-4">
          <ListRowSkeleton />
          <ListRowSkeleton />
        </div>
      ) : error ? (
        <FormAlert>{errorMessage(error)}</FormAlert>
      ) : groups && groups.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('groups.label')}>
          {groups.map((group) => (
            <li key={group.id}>
              <Card>
                <CardContent className="flex items-center gap-3 p-3">
                  <button
                    type="button"
                    className="flex min-h-11 min-w-0 flex-1 flex-col items-start text-left focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => onOpenGroup(group.id)}
                  >
                    <span className="truncate font-medium">{group.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {t('groups.count', { count: group.contactCount })}
                      {group.description ? ` · ${group.description}` : ''}
                    </span>
                  </button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('groups.edit', { name: group.name })}
                    onClick={() => setEditing(group)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('groups.delete', { name: group.name })}
                    onClick={() => setDeleting(group)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-6 text-center">
          <UsersRound aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{t('groups.emptyTitle')}</p>
          <p className="text-sm text-muted-foreground">{t('groups.emptyBody')}</p>
        </div>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('groups.create') : t('groups.editTitle')}
        closeLabel={t('actions.close')}
      >
        {editing !== null ? (
          <GroupForm group={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('groups.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('groups.deleteDescription')}
        closeLabel={t('actions.close')}
      >
        {remove.isError ? <FormAlert className="mb-3">{errorMessage(remove.error)}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setDeleting(null)}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast({ title: t('groups.deleted', { name: deleting.name }), variant: 'success' });
                  setDeleting(null);
                },
              })
            }
          >
            {t('actions.delete')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function GroupForm({ group, onDone }: { group: ContactGroup | null; onDone: () => void }) {
  const { t } = useTranslation('contacts');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const save = useSaveGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const { formRef, errors, showErrors, clearError } = useFormErrors<'name' | 'description'>();
  const serverErrors = fieldErrorsFromApiError(save.error) ?? {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(contactGroupRequestSchema, { name, description });
    if (!result.success) {
      // An empty name reads as the spec's "Group name required", not the generic "required".
      showErrors({
        ...result.errors,
        ...(result.errors.name === 'validation:required' ? { name: 'validation:groupNameRequired' } : {}),
      });
      return;
    }
    save.mutate(
      { id: group?.id ?? null, body: result.data },
      {
        onSuccess: (saved) => {
          toast({ title: t('groups.saved', { name: saved.name }), variant: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t('groups.name')}
        required
        autoComplete="off"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
        error={fieldMessage(errors.name ?? serverErrors.name)}
      />
      <TextAreaField
        label={t('groups.description')}
        rows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={fieldMessage(errors.description ?? serverErrors.description)}
      />
      {save.isError && Object.keys(serverErrors).length === 0 ? (
        <FormAlert>{errorMessage(save.error)}</FormAlert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('actions.save')}
        </Button>
      </div>
    </form>
  );
}
