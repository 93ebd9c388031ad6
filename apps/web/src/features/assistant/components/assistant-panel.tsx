import { Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Chat } from '@/features/assistant/components/chat';
import { cn } from '@/lib/cn';

/**
 * The compact assistant panel of every signed-in screen: one conversation through the same API as
 * the full screen (started by the first question, listed there afterwards), and the way to it.
 */
export function AssistantPanel() {
  const { t } = useTranslation('assistant');
  const [conversationId, setConversationId] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3 px-2">
      <Chat conversationId={conversationId} onConversation={setConversationId} compact />
      <Link
        to="/conversational-agent"
        className={cn(buttonVariants({ variant: 'outline' }), 'gap-2 self-start')}
      >
        <Maximize2 aria-hidden="true" />
        {t('panel.openFull')}
      </Link>
    </div>
  );
}
