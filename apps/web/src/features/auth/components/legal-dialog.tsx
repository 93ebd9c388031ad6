import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type LegalDocument = 'terms' | 'privacy';
const POINTS = ['point1', 'point2', 'point3'] as const;

/** A link-looking button that opens the summary of the terms or of the privacy policy. */
export function LegalLink({ document }: { document: LegalDocument }) {
  const { t } = useTranslation(['auth', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center rounded text-sm font-medium text-brand underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t(`auth:legal.${document}.read`)}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t(`auth:legal.${document}.title`)}
        closeLabel={t('common:actions.close')}
      >
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
          {POINTS.map((point) => (
            <li key={point}>{t(`auth:legal.${document}.${point}`)}</li>
          ))}
        </ul>
        <Button variant="outline" onClick={() => setOpen(false)}>
          {t('common:actions.close')}
        </Button>
      </Dialog>
    </>
  );
}
