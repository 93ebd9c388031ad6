import type {
  QuickTipInitial,
  QuickTipPage,
  QuickTipPageInput,
  QuickTipPageRenderer,
} from '@ztart/shared/quick-tip-page';
import { jsonForScriptElement } from '@ztart/shared/script-data';
import { renderToString } from 'react-dom/server';
import { QuickTipApp } from './app.tsx';
import { DocumentTitleSink } from './components/states.tsx';
import { readLinkParams } from './form.ts';
import { detectLanguage } from './i18n.ts';

/**
 * The quick-tip page rendered on the server (decision 0022): the receiver, the amounts and the
 * form are in the HTML before any script runs; main.tsx then hydrates the same tree from the
 * same data. The web build compiles this file to dist/.ssr/quick-tip.js for the server.
 */

export function receiverOfLink(search: string): string | null {
  const params = readLinkParams(search);
  return params.to !== null && !params.toInvalid ? params.to : null;
}

export function renderQuickTipPage({ search, languageTags, profile }: QuickTipPageInput): QuickTipPage {
  // The link's `lang`, else the browser's; a language chosen earlier in this browser is in its
  // storage, which only the browser reads: the page switches to it once hydrated.
  const params = readLinkParams(search);
  const language = detectLanguage(search, null, languageTags);
  const initial: QuickTipInitial = { language, profile };
  let title = '';
  const markup = renderToString(
    <DocumentTitleSink
      value={(documentTitle) => {
        title = documentTitle;
      }}
    >
      <QuickTipApp search={search} initial={initial} />
    </DocumentTitleSink>,
  );
  const state = params.to === null ? 'missing' : profile && !params.toInvalid ? 'ready' : 'notFound';
  return { state, markup, title, language, embed: params.embed, data: jsonForScriptElement(initial) };
}

export const renderer: QuickTipPageRenderer = { receiverOfLink, renderQuickTipPage };
