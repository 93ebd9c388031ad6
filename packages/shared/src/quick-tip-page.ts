import type { QuickTipProfile } from './contracts/qr-codes.ts';
import type { Language } from './languages.ts';

/**
 * The server rendering of the quick-tip page (decision 0022): the web build compiles the page's
 * React tree into a module of plain JavaScript that the server loads and calls for `/quick-tip`.
 * Types only, so that neither side loads the other's code.
 */

/** Where the server-rendered page's data waits for the browser (a JSON block, never run). */
export const QUICK_TIP_DATA_ELEMENT_ID = 'quick-tip-data';

/** What the server read for the page, handed to the browser so that it hydrates the same tree. */
export interface QuickTipInitial {
  language: Language;
  /** The receiver; null when the link names nobody we know (the not-found state). */
  profile: QuickTipProfile | null;
}

export interface QuickTipPageInput {
  /** The request's query string, with its `?` (`?to=maria_waits&qr=Ab3dE6gH`). */
  search: string;
  /** The languages the browser asks for, preferred first (from Accept-Language). */
  languageTags: readonly string[];
  /** The receiver the link names, as GET /api/public/profiles/{ztartag} answers; null: not found. */
  profile: QuickTipProfile | null;
}

export interface QuickTipPage {
  /** The receiver's form, the link naming nobody (missing), or nobody we know (notFound). */
  state: 'ready' | 'missing' | 'notFound';
  /** The page's HTML, to put inside its root element. */
  markup: string;
  /** The document's title, as text (not escaped). */
  title: string;
  language: Language;
  /** Shown inside another site's frame (`embed=1`). */
  embed: boolean;
  /** QuickTipInitial as JSON, safe to put inside a `<script type="application/json">` element. */
  data: string;
}

/** The module the web build writes to `dist/.ssr/quick-tip.js`. */
export interface QuickTipPageRenderer {
  /** The ztartag the link names, when it is a possible one (null: no need to ask the database). */
  receiverOfLink: (search: string) => string | null;
  renderQuickTipPage: (input: QuickTipPageInput) => QuickTipPage;
}
