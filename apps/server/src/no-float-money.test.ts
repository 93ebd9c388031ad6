import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { type MoneyViolation, scanForFloatMoney } from './test/money-scanner.ts';

/** The sources that handle money: shared contracts and helpers, the server, the web app. */
const SOURCE_ROOTS = ['packages/shared/src', 'apps/server/src', 'apps/web/src'];

interface ReviewedException {
  file: string;
  /** The line as written (trimmed): an edit of the line needs a new review. */
  line: string;
  reason: string;
}

/**
 * Conversions that were read and found safe. Each one turns a whole number that is already known
 * to be an integer (a bigint column or SUM of bigint amounts, which both drivers return as a
 * string, or a BigInt checked against MAX_AMOUNT_MINOR) into a JavaScript number: no decimal text
 * and no float arithmetic is involved.
 */
const REVIEWED: ReviewedException[] = [
  {
    file: 'packages/shared/src/contracts/invoices.ts',
    line: 'const [subtotalMinor, taxMinor] = [subtotal, tax].map((minor) => Number(minor)) as [number, number];',
    reason: 'BigInts of minor units whose sum was checked against MAX_AMOUNT_MINOR just before',
  },
  {
    file: 'packages/shared/src/money.ts',
    line: 'return minor > BigInt(MAX_AMOUNT_MINOR) ? null : Number(minor);',
    reason: 'a BigInt of minor units, checked against MAX_AMOUNT_MINOR just before',
  },
  {
    file: 'packages/shared/src/emv.ts',
    line: 'return minor > BigInt(MAX_AMOUNT_MINOR) ? null : Number(minor);',
    reason: 'a BigInt of minor units parsed from digits, checked against MAX_AMOUNT_MINOR just before',
  },
  {
    file: 'apps/server/src/modules/wallet/service.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text quoted as written
    line: 'const totals = new Map(rows.map((row) => [`${row.day}/${row.type}`, Number(row.totalMinor)]));',
    reason: 'a SUM of bigint amounts of one person and day (an integer)',
  },
  {
    file: 'apps/server/src/modules/budgets/service.ts',
    line: 'return Number((spent * 100n) / amount);',
    reason: 'a whole percentage of two BigInt amounts (not an amount): at most 100 × MAX_AMOUNT_MINOR',
  },
  {
    file: 'apps/web/src/quick-tip/form.ts',
    line: 'const amountMinor = /^\\d{1,15}$/.test(amount) ? Number.parseInt(amount, 10) : null;',
    reason: 'a link parameter that is already minor units, 1 to 15 digits only (below MAX_SAFE_INTEGER)',
  },
  {
    file: 'apps/server/src/modules/ledger/service.ts',
    line: 'balanceMinor: Number(row.balance_minor),',
    reason: 'a bigint column that applyLegs keeps a safe integer',
  },
  {
    file: 'apps/server/src/modules/ledger/service.ts',
    line: 'transfersMinor: Number(row.transfers_minor),',
    reason: 'a SUM of bigint amounts (an integer); reconciliation compares it with the balance',
  },
  {
    file: 'apps/server/src/modules/limits/limits.ts',
    line: 'byCurrency: new Map(rows.map((row) => [row.currency as Currency, Number(row.total)])),',
    reason: 'a SUM of bigint amounts of one day, far below MAX_SAFE_INTEGER',
  },
  {
    file: 'apps/server/src/modules/debts/service.ts',
    line: 'remainingMinor: Number(row.remainingMinor),',
    reason:
      'a SUM of what is left of one person’s debts in one currency, each a checked bigint amount (an integer)',
  },
  {
    file: 'apps/server/src/modules/ledger/holdings.ts',
    line: "held.push({ kind: 'held', currency: hold.currency as Currency, amountMinor: Number(hold.amountMinor) });",
    reason: 'a SUM of bigint amounts of one person and currency (an integer)',
  },
];

function isTestFile(relative: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(relative) || relative.split('/').includes('test');
}

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !isTestFile(relative)) {
        files.push(relative);
      }
    }
  };
  walk(root);
  return files;
}

function describeViolation(file: string, violation: MoneyViolation): string {
  return `${file}:${violation.line} (${violation.rule}) ${violation.text}`;
}

describe('money is never a float in the sources', () => {
  it('finds no parseFloat, and no Number/parseInt/unary plus/toFixed on amounts, beyond the reviewed lines', () => {
    const files = SOURCE_ROOTS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    const unreviewed: string[] = [];
    const used = new Set<ReviewedException>();
    for (const file of files) {
      for (const violation of scanForFloatMoney(readFileSync(path.join(REPO_ROOT, file), 'utf8'))) {
        const reviewed = REVIEWED.find((entry) => entry.file === file && entry.line === violation.text);
        if (reviewed) used.add(reviewed);
        else unreviewed.push(describeViolation(file, violation));
      }
    }
    expect(
      unreviewed,
      'Parse amounts with parseAmount from @ztart/shared/money and keep them integers of minor units; ' +
        'a conversion of a value proven to be a safe integer can be added to REVIEWED with its reason.',
    ).toEqual([]);
    // A reviewed line that changed or went away must not stay allowed.
    expect(REVIEWED.filter((entry) => !used.has(entry))).toEqual([]);
  });
});

describe('the float money scanner', () => {
  const rulesOf = (source: string) => scanForFloatMoney(source).map((v) => [v.line, v.rule]);

  it('catches each kind of float handling of an amount', () => {
    const sample = [
      'const a = parseFloat(input);',
      'const b = Number.parseFloat(text);',
      'const c = Number(row.balance_minor);',
      'const d = parseInt(form.amount, 10);',
      'const e = +amountText;',
      'const f = (+row.totalPrice) * 2;',
      'const g = amountMinor.toFixed(2);',
      'const h = (balance / 100).toFixed(2);',
      'const i = Number.parseInt(priceInput.value);',
      'if (x) return +order.total;',
    ].join('\n');
    expect(rulesOf(sample)).toEqual([
      [1, 'parseFloat'],
      [2, 'parseFloat'],
      [3, 'number-conversion'],
      [4, 'number-conversion'],
      [5, 'unary-plus'],
      [6, 'unary-plus'],
      [7, 'toFixed'],
      [8, 'toFixed'],
      [9, 'number-conversion'],
      [10, 'unary-plus'],
    ]);
  });

  it('ignores comments, strings, regular expressions, JSX text and conversions of other things', () => {
    const sample = [
      '// never parseFloat(amount) here',
      '/* Number(balance) in a comment */',
      "const message = 'do not call parseFloat( on +amount';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal as source text
      'const template = `Number(total) ${count + 1} parseFloat(`;',
      "const pattern = /['+amount]/g; const x = 1;",
      'const digits = normalizeCardNumber(input);',
      'const port = Number(process.env.PORT);',
      'const sum = a + amountMinor; count++; total += 1;',
      'const ratio = (count / 3).toFixed(1);',
      'const row = <p>Don&apos;t parseFloat</p>;',
      'const label = <b>{count}</b>;',
    ].join('\n');
    expect(rulesOf(sample)).toEqual([]);
  });

  it('keeps reading code after a template expression and a JSX closing tag', () => {
    const sample = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal as source text
      'const text = `${amount}`; const x = Number(amount);',
      'const el = <span>{x}</span>; const y = parseFloat(z);',
    ].join('\n');
    expect(rulesOf(sample)).toEqual([
      [1, 'number-conversion'],
      [2, 'parseFloat'],
    ]);
  });
});
