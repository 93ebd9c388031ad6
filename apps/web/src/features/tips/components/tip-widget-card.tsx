import { Code, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { INPUT_CLASS } from '@/components/ui/field';
import { useCopy } from '@/features/tips/components/copy-to-clipboard';
import { buttonSnippetOf, iframeSnippetOf, tipLinkOf, widgetUrlOf } from '@/features/tips/quick-tip-link';
import { cn } from '@/lib/cn';

/**
 * The tip widget: HTML the receiver pastes into their own site, either the quick-tip form in an
 * iframe (the server lets that page alone be framed) or a plain link styled as a button.
 */
export function TipWidgetCard({ ztartag, name }: { ztartag: string; name: string }) {
  const { t } = useTranslation('tips');
  const titleId = useId();
  const frameTitle = t('widget.frameTitle', { name });
  const buttonText = t('widget.buttonText');
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Code aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('widget.title')}
        </CardTitle>
        <CardDescription>{t('widget.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <Snippet
          testId="widget-iframe-snippet"
          label={t('widget.iframeLabel')}
          hint={t('widget.iframeHint')}
          code={iframeSnippetOf(ztartag, frameTitle)}
        />
        <Snippet
          testId="widget-button-snippet"
          label={t('widget.buttonLabel')}
          hint={t('widget.buttonHint')}
          code={buttonSnippetOf(ztartag, buttonText)}
        />
        <details className="group rounded-lg border">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
            {t('widget.preview')}
          </summary>
          <div className="flex flex-col gap-4 border-t p-3">
            <p className="text-sm text-muted-foreground">{t('widget.previewButton')}</p>
            {/* The same link and look as the snippet, drawn by the app rather than injected as HTML. */}
            <a
              href={tipLinkOf(ztartag)}
              target="_blank"
              rel="noopener"
              className="self-start rounded-[10px] bg-[#047857] px-5 py-3 font-semibold text-white no-underline"
            >
              {buttonText}
            </a>
            <iframe
              src={widgetUrlOf(ztartag)}
              title={frameTitle}
              loading="lazy"
              className="h-[720px] w-full max-w-[380px] rounded-lg border-0 bg-transparent"
            />
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

function Snippet({
  label,
  hint,
  code,
  testId,
}: {
  label: string;
  hint: string;
  code: string;
  testId: string;
}) {
  const { t } = useTranslation('tips');
  const id = useId();
  const copy = useCopy();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <textarea
        id={id}
        data-testid={testId}
        readOnly
        rows={3}
        value={code}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        className={cn(INPUT_CLASS, 'resize-none font-mono text-xs')}
      />
      <Button variant="outline" className="self-start" onClick={() => void copy(code, t('widget.copied'))}>
        <Copy aria-hidden="true" />
        {t('widget.copy')}
      </Button>
    </div>
  );
}
