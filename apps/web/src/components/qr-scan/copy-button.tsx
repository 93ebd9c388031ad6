import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast/toast-store';

/** Copies `text` to the clipboard and says so; where the clipboard is refused, says that instead. */
export function CopyButton({
  text,
  label,
  copiedMessage,
  ...button
}: Omit<ButtonProps, 'onClick' | 'children'> & { text: string; label: string; copiedMessage: string }) {
  const { t } = useTranslation('qr');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: copiedMessage, variant: 'success' });
    } catch {
      toast({ title: t('copy.failed'), variant: 'destructive' });
    }
  };
  return (
    <Button variant="outline" {...button} onClick={() => void copy()}>
      <Copy aria-hidden="true" />
      {label}
    </Button>
  );
}
