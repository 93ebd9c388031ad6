import { useQueryClient } from '@tanstack/react-query';
import { type AssistantMessage, preparedActionHref } from '@ztart/shared/contracts/assistant';
import { isLanguage } from '@ztart/shared/languages';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  askAssistant,
  assistantKeys,
  useCreateConversation,
  useMessages,
} from '@/features/assistant/api/assistant';
import { useErrorMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';

export function MessageBubble({
  message,
}: {
  message: Pick<AssistantMessage, 'role' | 'content' | 'action'>;
}) {
  const { t } = useTranslation('assistant');
  const mine = message.role === 'user';
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <span className="text-xs font-medium text-muted-foreground">
        {mine ? t('chat.you') : t('chat.skiner')}
      </span>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap rounded-xl px-3 py-2',
          mine ? 'bg-primary text-primary-foreground' : 'border bg-card',
        )}
      >
        {message.content}
      </div>
      {message.action ? (
        <Link className={buttonVariants({ variant: 'brand' })} to={preparedActionHref(message.action)}>
          {message.action.type === 'transfer' ? t('chat.openTransfer') : t('chat.openAction')}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * One conversation with Skiner: its messages, the answer streaming in, and the question box. The
 * full screen and the compact panel both use it; without a conversation, the first question
 * starts one. `compact` keeps the welcome short for the panel.
 */
export function Chat({
  conversationId,
  onConversation,
  compact = false,
}: {
  conversationId: string | null;
  onConversation: (id: string) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('assistant');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const messages = useMessages(conversationId);
  const create = useCreateConversation();
  const [content, setContent] = useState('');
  const [pending, setPending] = useState<{ question: string; answer: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const listId = useId();

  const ask = async (question: string) => {
    const text = question.trim();
    if (text === '' || pending) return;
    setFailure(null);
    setPending({ question: text, answer: '' });
    try {
      const id = conversationId ?? (await create.mutateAsync()).id;
      if (id !== conversationId) onConversation(id);
      const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
      await askAssistant(id, { content: text, ...(language ? { language } : {}) }, (delta) =>
        setPending((current) => (current ? { ...current, answer: current.answer + delta } : current)),
      );
      setContent('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.messages(id) }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.usage() }),
      ]);
    } catch (error) {
      setFailure(error);
      void queryClient.invalidateQueries({ queryKey: assistantKeys.usage() });
    } finally {
      setPending(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(content);
  };

  const items = conversationId && messages.data ? messages.data : [];
  const empty = items.length === 0 && !pending;
  return (
    <section
      className={cn('flex flex-col gap-4 rounded-xl border p-3', compact ? 'min-h-[16rem]' : 'min-h-[24rem]')}
      aria-label={t('chat.messagesLabel')}
    >
      {conversationId && messages.isPending ? <Skeleton className="h-24" /> : null}
      {conversationId && messages.isError ? (
        <FormAlert>
          <p>{errorMessage(messages.error)}</p>
          <Button variant="outline" onClick={() => void messages.refetch()}>
            {t('chat.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {empty && !(conversationId && messages.isPending) ? (
        <div className="flex flex-col gap-3">
          {compact ? null : <h2 className="text-lg font-semibold">{t('chat.welcomeTitle')}</h2>}
          <p className="text-muted-foreground">{t('chat.welcomeBody')}</p>
          <p className="text-sm font-medium">{t('chat.suggestionsLabel')}</p>
          <div className="flex flex-wrap gap-2">
            {(['balance', 'food', 'transfer'] as const).map((key) => (
              <Button key={key} variant="outline" onClick={() => void ask(t(`chat.suggestions.${key}`))}>
                {t(`chat.suggestions.${key}`)}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <ol
        id={listId}
        className="flex flex-1 flex-col gap-3"
        aria-live="polite"
        data-testid="assistant-messages"
      >
        {items.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {pending ? (
          <>
            <MessageBubble message={{ role: 'user', content: pending.question, action: null }} />
            <li className="flex flex-col items-start gap-1">
              <span className="text-xs font-medium text-muted-foreground">{t('chat.skiner')}</span>
              <div
                className="max-w-[85%] whitespace-pre-wrap rounded-xl border bg-card px-3 py-2"
                aria-busy="true"
              >
                {pending.answer || t('chat.thinking')}
              </div>
            </li>
          </>
        ) : null}
      </ol>
      {failure ? <FormAlert>{errorMessage(failure)}</FormAlert> : null}
      <form className="flex items-end gap-2" onSubmit={submit}>
        <TextField
          label={t('chat.askLabel')}
          fieldClassName="flex-1"
          value={content}
          maxLength={1000}
          placeholder={t('chat.askPlaceholder')}
          onChange={(event) => setContent(event.target.value)}
          disabled={pending !== null}
        />
        <Button type="submit" disabled={pending !== null || content.trim() === ''}>
          <Send aria-hidden="true" />
          {t('chat.send')}
        </Button>
      </form>
    </section>
  );
}
