import type { ContactGroup, ContactPerson } from '@ztart/shared/contracts/contacts';
import { Search, UserPlus } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast/toast-store';
import { lookupPerson, useCreateContact } from '@/features/contacts/api/contacts';
import { ContactForm } from '@/features/contacts/components/contact-form';
import { useErrorMessage } from '@/hooks/use-error-message';

type Step =
  | { kind: 'find' }
  | { kind: 'searching' }
  | { kind: 'found'; person: ContactPerson }
  | { kind: 'not_found' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'form'; person: ContactPerson | null };

export interface AddContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: readonly ContactGroup[];
  /** Looked up at once when the dialog opens (`/contacts?add=<ztartag>`, a scanned contact QR). */
  initialQuery?: string;
  onAdded?: (id: string) => void;
}

/** Adds a contact: an app user found by their exact ztartag, email or phone, or details typed by hand. */
export function AddContactDialog({
  open,
  onOpenChange,
  groups,
  initialQuery = '',
  onAdded,
}: AddContactDialogProps) {
  const { t } = useTranslation('contacts');
  const errorMessage = useErrorMessage();
  const [query, setQuery] = useState(initialQuery);
  const [step, setStep] = useState<Step>({ kind: 'find' });
  const create = useCreateContact();

  const search = useCallback(async (typed: string) => {
    const text = typed.trim();
    if (text === '') return;
    setStep({ kind: 'searching' });
    try {
      const person = await lookupPerson(text);
      setStep(person ? { kind: 'found', person } : { kind: 'not_found' });
    } catch (error) {
      setStep({ kind: 'failed', error });
    }
  }, []);

  // Each opening starts over, looking up what it was opened with.
  const resetCreate = create.reset;
  useEffect(() => {
    if (!open) return;
    setQuery(initialQuery);
    resetCreate();
    if (initialQuery.trim()) void search(initialQuery);
    else setStep({ kind: 'find' });
  }, [open, initialQuery, search, resetCreate]);

  const onFind = (event: FormEvent) => {
    event.preventDefault();
    void search(query);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('add.title')} closeLabel={t('actions.close')}>
      {step.kind === 'form' ? (
        <ContactForm
          contact={null}
          person={step.person}
          groups={groups}
          pending={create.isPending}
          error={create.error}
          onCancel={() => onOpenChange(false)}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (contact) => {
                toast({ title: t('add.done', { name: contact.nickname }), variant: 'success' });
                onOpenChange(false);
                onAdded?.(contact.id);
              },
            })
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          <form onSubmit={onFind} className="flex flex-col gap-3" noValidate>
            <TextField
              label={t('add.lookupLabel')}
              hint={t('add.lookupHint')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <Button
              type="submit"
              variant="outline"
              disabled={query.trim() === '' || step.kind === 'searching'}
            >
              {step.kind === 'searching' ? <Spinner /> : <Search aria-hidden="true" />}
              {t('add.lookup')}
            </Button>
          </form>
          <div aria-live="polite" className="flex flex-col gap-3">
            {step.kind === 'found' ? (
              <div className="flex items-center gap-3 rounded-lg border p-3" data-testid="lookup-result">
                <Avatar name={step.person.displayName} src={step.person.avatarUrl} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{step.person.displayName}</p>
                  {step.person.ztartag ? (
                    <p className="truncate text-sm text-muted-foreground">@{step.person.ztartag}</p>
                  ) : null}
                </div>
                <Button onClick={() => setStep({ kind: 'form', person: step.person })}>
                  <UserPlus aria-hidden="true" />
                  {t('add.choose')}
                </Button>
              </div>
            ) : null}
            {step.kind === 'not_found' ? (
              <p className="text-sm text-muted-foreground">{t('add.notFound')}</p>
            ) : null}
            {step.kind === 'failed' ? <FormAlert>{errorMessage(step.error)}</FormAlert> : null}
          </div>
          <div className="flex flex-col gap-2 border-t pt-4">
            <p className="text-sm text-muted-foreground">{t('add.manualHint')}</p>
            <Button
              variant="ghost"
              className="self-start"
              onClick={() => setStep({ kind: 'form', person: null })}
            >
              {t('add.manual')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
