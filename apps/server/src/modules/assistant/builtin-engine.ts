import { containerBootstrap, type NlpInstance } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en-min';
import { LangEs } from '@nlpjs/lang-es';
import { LangFr } from '@nlpjs/lang-fr';
import { LangPt } from '@nlpjs/lang-pt';
import { Nlp } from '@nlpjs/nlp';
import type { PreparedAction } from '@ztart/shared/contracts/assistant';
import type { DefaultCategoryKey } from '@ztart/shared/contracts/transactions';
import { LANGUAGES, type Language } from '@ztart/shared/languages';
import { type Currency, formatMoney, parseAmount } from '@ztart/shared/money';
import {
  CATEGORY_WORDS,
  INTENTS,
  type Intent,
  LAST_MONTH_WORDS,
  RECIPIENT_MARKERS,
  UTTERANCES,
} from './corpus.ts';
import type {
  AssistantEngine,
  AssistantTools,
  EngineAnswer,
  EngineRequest,
  SpendingPeriod,
} from './engine.ts';
import { categoryName, render } from './templates.ts';

/** Below this score the classifier is guessing: the answer is what the assistant can do. */
const MIN_SCORE = 0.5;

/** Trains a classifier of the four languages' examples (a few hundred milliseconds, once per engine). */
async function trainClassifier(): Promise<NlpInstance> {
  const container = await containerBootstrap();
  for (const plugin of [Nlp, LangEn, LangEs, LangFr, LangPt]) container.use(plugin);
  const nlp = container.get('nlp');
  nlp.settings.autoSave = false;
  nlp.settings.log = false;
  if (nlp.settings.nlu) nlp.settings.nlu.log = false;
  for (const language of LANGUAGES) {
    nlp.addLanguage(language);
    for (const intent of INTENTS) {
      for (const utterance of UTTERANCES[language][intent]) nlp.addDocument(language, utterance, intent);
    }
  }
  // nlp.js reports each training epoch on the console: kept quiet.
  const log = console.log;
  console.log = () => {};
  try {
    await nlp.train();
  } finally {
    console.log = log;
  }
  return nlp;
}

const normalise = (text: string) => text.toLowerCase().normalize('NFC');
const wordsOf = (text: string) =>
  normalise(text)
    .split(/[^\p{L}\p{N}_@'’-]+/u)
    .filter(Boolean);

/** The category a question names, in its language (or any language, as people mix them). */
export function categoryIn(text: string, language: Language): DefaultCategoryKey | null {
  const words = new Set(wordsOf(text));
  for (const table of [CATEGORY_WORDS[language], ...LANGUAGES.map((other) => CATEGORY_WORDS[other])]) {
    for (const [key, names] of Object.entries(table)) {
      if (names?.some((name) => words.has(name))) return key as DefaultCategoryKey;
    }
  }
  return null;
}

export function periodIn(text: string, language: Language): SpendingPeriod {
  const lower = normalise(text);
  return LAST_MONTH_WORDS[language].some((phrase) => lower.includes(phrase)) ? 'lastMonth' : 'thisMonth';
}

/** The recipient (a ztartag, with or without @, after "to", "a", "para"…) and amount of a transfer request. */
export function transferIn(
  text: string,
  language: Language,
  currency: Currency,
): { recipient: string | null; amountMinor: number | null } {
  const tagged = /@([a-z0-9_]{3,20})\b/i.exec(text)?.[1];
  let recipient = tagged ? tagged.toLowerCase() : null;
  const words = wordsOf(text);
  if (!recipient) {
    const at = words.findIndex(
      (word, index) => index < words.length - 1 && RECIPIENT_MARKERS[language].includes(word),
    );
    const next = at >= 0 ? words[at + 1] : undefined;
    if (next && /^[a-z0-9_]{3,20}$/.test(next)) recipient = next;
  }
  const number = /(?:^|\s|\$|€)(\d+(?:[.,]\d{1,2})?)(?=\s|$|[^\d])/.exec(text)?.[1];
  const amountMinor = number ? parseAmount(number, currency) : null;
  return { recipient, amountMinor: amountMinor && amountMinor > 0 ? amountMinor : null };
}

function dateText(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function monthText(month: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** Writes the answer of an intent from a template and the figures the tools give. */
async function answerOf(
  intent: Intent | 'None',
  content: string,
  language: Language,
  tools: AssistantTools,
): Promise<{ text: string; action: PreparedAction | null }> {
  const money = (amountMinor: number, currency: Currency) => formatMoney(amountMinor, currency, language);
  const none = render(language, 'none');
  switch (intent) {
    case 'balance': {
      const balances = await tools.balances();
      const held = balances.filter((balance) => balance.availableMinor !== 0);
      const shown = held.length > 0 ? held : balances.filter((balance) => balance.currency === 'USD');
      const list = shown.map((balance) => money(balance.availableMinor, balance.currency)).join(', ');
      return {
        text: render(language, held.length > 0 ? 'balance' : 'balanceEmpty', { balances: list }),
        action: null,
      };
    }
    case 'spending': {
      const category = categoryIn(content, language);
      const spending = await tools.spending({ category, period: periodIn(content, language) });
      const figures = {
        from: dateText(spending.from, language),
        to: dateText(spending.to, language),
        total: money(spending.totalMinor, spending.currency),
      };
      if (spending.category !== null && spending.categoryMinor !== null) {
        return {
          text: render(language, 'spendingCategory', {
            ...figures,
            amount: money(spending.categoryMinor, spending.currency),
            category: categoryName(language, spending.category),
          }),
          action: null,
        };
      }
      return { text: render(language, 'spendingTotal', figures), action: null };
    }
    case 'budgets': {
      const list = await tools.budgets();
      const month = monthText(list.month, language);
      if (list.items.length === 0) {
        return {
          text: render(language, 'budgetsNone', { month }),
          action: { type: 'budget', href: '/budget' },
        };
      }
      const totals = list.totals.map((total) => ({
        spent: money(total.spentMinor, total.currency),
        limit: money(total.amountMinor, total.currency),
      }));
      const over = list.items.filter((item) => item.varianceMinor < 0).length;
      return {
        text: render(language, 'budgets', {
          month,
          count: list.items.length,
          spent: totals.map((total) => total.spent).join(', '),
          limit: totals.map((total) => total.limit).join(', '),
          over: over === 0 ? none : over,
        }),
        action: null,
      };
    }
    case 'goals': {
      const goals = (await tools.goals()).items;
      if (goals.length === 0) return { text: render(language, 'goalsNone'), action: null };
      const list = goals
        .map((goal) =>
          render(language, 'goalItem', {
            name: goal.name,
            saved: money(goal.savedMinor, goal.currency),
            target: money(goal.targetMinor, goal.currency),
            percent: goal.progressPercent,
          }),
        )
        .join('; ');
      return { text: render(language, 'goals', { list }), action: null };
    }
    case 'tips': {
      const tips = await tools.tips({ period: periodIn(content, language) });
      return {
        text: render(language, 'tips', {
          from: dateText(tips.from, language),
          to: dateText(tips.to, language),
          count: tips.count,
          amount: money(tips.amountMinor, tips.currency),
        }),
        action: null,
      };
    }
    case 'transactions': {
      const items = (await tools.recentTransactions()).slice(0, 5);
      if (items.length === 0) return { text: render(language, 'transactionsNone'), action: null };
      const list = items
        .map((item) => {
          const sign = item.type === 'expense' ? '−' : '+';
          const who = item.counterparty
            ? ` ${item.counterparty.ztartag ? `@${item.counterparty.ztartag}` : item.counterparty.displayName}`
            : '';
          return `${sign}${money(item.amountMinor, item.currency)}${who} (${dateText(item.createdAt.slice(0, 10), language)})`;
        })
        .join('; ');
      return { text: render(language, 'transactions', { list }), action: null };
    }
    case 'contacts': {
      const contacts = await tools.contacts();
      if (contacts.length === 0) return { text: render(language, 'contactsNone'), action: null };
      const list = contacts
        .slice(0, 10)
        .map((contact) => (contact.ztartag ? `${contact.nickname} (@${contact.ztartag})` : contact.nickname))
        .join(', ');
      return { text: render(language, 'contacts', { count: contacts.length, list }), action: null };
    }
    case 'transfer': {
      const currency = await tools.mainCurrency();
      const { recipient, amountMinor } = transferIn(content, language, currency);
      const details =
        (recipient ? render(language, 'transferTo', { recipient: `@${recipient}` }) : '') +
        (amountMinor !== null
          ? render(language, 'transferAmount', { amount: money(amountMinor, currency) })
          : '');
      return {
        text: render(language, 'transfer', { details }),
        action: { type: 'transfer', recipient, amountMinor, currency },
      };
    }
    case 'greeting':
      return { text: render(language, 'greeting'), action: null };
    default:
      return { text: render(language, 'howto'), action: null };
  }
}

/** A signed-out visitor's answer: how the app works; a question about their money asks them to sign in. */
function guestAnswerOf(intent: Intent | 'None', language: Language): { text: string; action: null } {
  if (intent === 'greeting' || intent === 'howto' || intent === 'None')
    return { text: render(language, 'guestHowto'), action: null };
  return { text: render(language, 'guestSignIn'), action: null };
}

/**
 * The built-in engine: no network and no model download. nlp.js recognises what a question asks
 * in its language; the answer is a template filled with the figures the tools read.
 */
export function createBuiltinEngine(): AssistantEngine & {
  classify(language: Language, text: string): Promise<Intent | 'None'>;
} {
  let classifier: Promise<NlpInstance> | null = null;
  const classify = async (language: Language, text: string): Promise<Intent | 'None'> => {
    classifier ??= trainClassifier();
    const result = await (await classifier).process(language, text);
    return result.score >= MIN_SCORE && (INTENTS as readonly string[]).includes(result.intent)
      ? (result.intent as Intent)
      : 'None';
  };
  return {
    classify,
    async answer({ language, content, tools, onDelta }: EngineRequest): Promise<EngineAnswer> {
      const intent = await classify(language, content);
      const answer = tools
        ? await answerOf(intent, content, language, tools)
        : guestAnswerOf(intent, language);
      if (onDelta) {
        // Written word by word, as a model would.
        for (const piece of answer.text.match(/\S+\s*/g) ?? []) onDelta(piece);
      }
      return answer;
    },
  };
}
