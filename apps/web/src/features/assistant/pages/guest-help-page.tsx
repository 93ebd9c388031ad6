import { isLanguage } from '@ztart/shared/languages';
import { LifeBuoy, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { useAskAsGuest } from '@/features/assistant/api/assistant';
import { MessageBubble } from '@/features/assistant/components/chat';
import { GuestUsageMeter } from '@/features/assistant/components/usage-meter';
import { useErrorMessage } from '@/hooks/use-error-message';

interface Said {
  id: number;
  role: 'user' | 'assistant';
  content: string;
}

/**
 * `/help`: Skiner's help assistant for someone not signed in: how the app works, never anyone's
 * figures, within the guest quota (shown). The conversation lives on this page only.
 */
export function GuestHelpPage() {
  const { t, i18n } = useTranslation('assistant');
  const errorMessage = useErrorMessage();
  const ask = useAskAsGuest();
  const [said, setSaid] = useState<Said[]>([]);
  const [content, setContent] = useState('');

  const send = (question: string) => {
    const text = question.trim();
    if (text === '' || ask.isPending) return;
    const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
    ask.mutate(
      { content: text, language },
      {
        onSuccess: (answer) => {
          setSaid((earlier) => [
            ...earlier,
            { id: earlier.length, role: 'user', content: text },
            { id: earlier.length + 1, role: 'assistant', content: answer.answer.content },
          ]);
          setContent('');
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(content);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={LifeBuoy} title={t('guest.title')} description={t('guest.intro')} />
      <section className="flex flex-col gap-4 rounded-xl border p-3" aria-label={t('chat.messagesLabel')}>
        {said.length === 0 && !ask.isPending ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm font-medium">{t('chat.suggestionsLabel')}</p>
            <div className="flex flex-wrap gap-2">
              {(['howto', 'tips'] as const).map((key) => (
                <Button key={key} variant="outline" onClick={() => send(t(`guest.suggestions.${key}`))}>
                  {t(`guest.suggestions.${key}`)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        <ol className="flex flex-col gap-3" aria-live="polite" data-testid="guest-messages">
          {said.map((message) => (
            <MessageBubble key={message.id} message={{ ...message, action: null }} />
          ))}
          {ask.isPending ? (
            <>
              <MessageBubble message={{ role: 'user', content: ask.variables.content, action: null }} />
              <li className="flex flex-col items-start gap-1">
                <span className="text-xs font-medium text-muted-foreground">{t('chat.skiner')}</span>
                <div className="rounded-xl border bg-card px-3 py-2" aria-busy="true">
                  {t('chat.thinking')}
                </div>
              </li>
            </>
          ) : null}
        </ol>
        {ask.isError ? (
          <FormAlert>
            <p>{errorMessage(ask.error)}</p>
            <Button variant="outline" onClick={() => send(ask.variables?.content ?? content)}>
              {t('chat.retry')}
            </Button>
          </FormAlert>
        ) : null}
        <form className="flex items-end gap-2" onSubmit={submit}>
          <TextField
            label={t('chat.askLabel')}
            fieldClassName="flex-1"
            value={content}
            maxLength={1000}
            placeholder={t('guest.askPlaceholder')}
            onChange={(event) => setContent(event.target.value)}
            disabled={ask.isPending}
          />
          <Button type="submit" disabled={ask.isPending || content.trim() === ''}>
            <Send aria-hidden="true" />
            {t('chat.send')}
          </Button>
        </form>
      </section>
      <GuestUsageMeter />
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-muted-foreground">{t('guest.signInHint')}</p>
        <Link to="/auth" className={buttonVariants({ variant: 'outline' })}>
          {t('guest.signIn')}
        </Link>
      </div>
    </div>
  );
}
