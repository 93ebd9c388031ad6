import type { Conversation } from '@ztart/shared/contracts/assistant';
import { Bot, MessageSquarePlus, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useConversations,
  useCreateConversation,
  useDeleteConversation,
  useRenameConversation,
} from '@/features/assistant/api/assistant';
import { Chat } from '@/features/assistant/components/chat';
import { UsageMeter } from '@/features/assistant/components/usage-meter';
import { useErrorMessage } from '@/hooks/use-error-message';

/** `/conversational-agent`: Skiner's full-screen chat, its conversations and the usage meter. */
export function ConversationalAgentPage() {
  const { t } = useTranslation(['screens', 'assistant']);
  const [selected, setSelected] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const create = useCreateConversation();
  const errorMessage = useErrorMessage();

  const startNew = async () => {
    const conversation = await create.mutateAsync();
    setSelected(conversation.id);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Bot}
        title={t('screens:conversationalAgent.title')}
        description={t('screens:conversationalAgent.description')}
      >
        <Button onClick={() => void startNew().catch(() => undefined)} disabled={create.isPending}>
          <MessageSquarePlus aria-hidden="true" />
          {t('assistant:chat.newConversation')}
        </Button>
      </PageHeader>
      {create.isError ? <FormAlert>{errorMessage(create.error)}</FormAlert> : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="flex flex-col gap-4">
          <ConversationList
            selected={selected}
            onSelect={setSelected}
            onRename={setRenaming}
            onDelete={setDeleting}
          />
          <UsageMeter />
        </div>
        <Chat conversationId={selected} onConversation={setSelected} />
      </div>
      <Dialog
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
        title={t('assistant:chat.renameTitle')}
        closeLabel={t('assistant:chat.close')}
        className="max-w-md"
      >
        {renaming ? <RenameForm conversation={renaming} onDone={() => setRenaming(null)} /> : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('assistant:chat.deleteTitle')}
        closeLabel={t('assistant:chat.close')}
        className="max-w-md"
      >
        {deleting ? (
          <DeleteConversation
            conversation={deleting}
            onDone={(deleted) => {
              if (deleted && selected === deleting.id) setSelected(null);
              setDeleting(null);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function useTitleOf() {
  const { t } = useTranslation('assistant');
  return (conversation: Conversation) => conversation.title || t('chat.untitled');
}

function ConversationList({
  selected,
  onSelect,
  onRename,
  onDelete,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
  onRename: (conversation: Conversation) => void;
  onDelete: (conversation: Conversation) => void;
}) {
  const { t } = useTranslation('assistant');
  const errorMessage = useErrorMessage();
  const conversations = useConversations();
  const titleOf = useTitleOf();
  const headingId = useId();
  let body: React.ReactNode;
  if (conversations.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <p className="sr-only" role="status">
          {t('chat.loading')}
        </p>
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    );
  } else if (conversations.isError) {
    body = (
      <FormAlert>
        <p>{errorMessage(conversations.error)}</p>
        <Button variant="outline" onClick={() => void conversations.refetch()}>
          {t('chat.retry')}
        </Button>
      </FormAlert>
    );
  } else if (conversations.data.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('chat.noConversations')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-1" data-testid="assistant-conversations">
        {conversations.data.map((conversation) => (
          <li key={conversation.id} className="flex items-center gap-1">
            <Button
              variant={conversation.id === selected ? 'secondary' : 'ghost'}
              className="min-w-0 flex-1 justify-start"
              aria-current={conversation.id === selected ? 'true' : undefined}
              onClick={() => onSelect(conversation.id)}
            >
              <span className="truncate">{titleOf(conversation)}</span>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`${t('chat.rename')}: ${titleOf(conversation)}`}
              onClick={() => onRename(conversation)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`${t('chat.delete')}: ${titleOf(conversation)}`}
              onClick={() => onDelete(conversation)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <nav aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl border p-3">
      <h2 id={headingId} className="text-sm font-medium">
        {t('chat.conversations')}
      </h2>
      {body}
    </nav>
  );
}

function RenameForm({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const { t } = useTranslation(['assistant', 'validation']);
  const errorMessage = useErrorMessage();
  const rename = useRenameConversation();
  const titleOf = useTitleOf();
  const [title, setTitle] = useState(titleOf(conversation));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setInvalid(true);
      return;
    }
    rename.mutate({ id: conversation.id, title: title.trim() }, { onSuccess: onDone });
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextField
        label={t('assistant:chat.renameLabel')}
        value={title}
        maxLength={100}
        onChange={(event) => {
          setTitle(event.target.value);
          setInvalid(false);
        }}
        error={invalid ? t('validation:required') : undefined}
      />
      {rename.isError ? <FormAlert>{errorMessage(rename.error)}</FormAlert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={rename.isPending}>
          {t('assistant:chat.save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('assistant:chat.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DeleteConversation({
  conversation,
  onDone,
}: {
  conversation: Conversation;
  onDone: (deleted: boolean) => void;
}) {
  const { t } = useTranslation('assistant');
  const errorMessage = useErrorMessage();
  const remove = useDeleteConversation();
  const titleOf = useTitleOf();
  return (
    <div className="flex flex-col gap-4">
      <p>{t('chat.deleteBody', { title: titleOf(conversation) })}</p>
      {remove.isError ? <FormAlert>{errorMessage(remove.error)}</FormAlert> : null}
      <div className="flex gap-2">
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(conversation.id, { onSuccess: () => onDone(true) })}
        >
          {t('chat.delete')}
        </Button>
        <Button variant="outline" onClick={() => onDone(false)}>
          {t('chat.cancel')}
        </Button>
      </div>
    </div>
  );
}
