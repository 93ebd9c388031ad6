/**
 * Finds float arithmetic on money in TypeScript sources (ARCHITECTURE.md §4: amounts are integers
 * of minor units, never floats). A small lexer blanks comments, strings and regular expressions
 * first, so that a rule quoted in a comment or a string is not mistaken for code; then four rules
 * look at what is left:
 *
 * - `parseFloat(` anywhere (also `Number.parseFloat(`);
 * - `Number(` or `parseInt(` whose argument names money;
 * - unary `+` on a name that names money (`+amount`, `+row.total`);
 * - `.toFixed(` on a name, or a parenthesised expression, that names money.
 *
 * A name "names money" when it contains amount, minor, balance, price or total (any case).
 */

export const MONEY_WORD = /amount|minor|balance|price|total/i;

export interface MoneyViolation {
  rule: 'parseFloat' | 'number-conversion' | 'unary-plus' | 'toFixed';
  /** 1-based. */
  line: number;
  /** The source line as written, trimmed. */
  text: string;
}

/** Scans one file's source. */
export function scanForFloatMoney(source: string): MoneyViolation[] {
  const code = codeOnly(source);
  const lines = source.split('\n');
  const found: MoneyViolation[] = [];
  const report = (rule: MoneyViolation['rule'], offset: number) => {
    const line = lineAt(code, offset);
    if (found.some((v) => v.rule === rule && v.line === line)) return;
    found.push({ rule, line, text: (lines[line - 1] ?? '').trim() });
  };

  for (const match of code.matchAll(/(?<![\w$])parseFloat\s*\(/g)) report('parseFloat', match.index);

  for (const match of code.matchAll(/(?<![\w$.])Number\s*\(|(?<![\w$])parseInt\s*\(/g)) {
    const argument = firstArgument(code, match.index + match[0].length);
    if (namesMoney(argument)) report('number-conversion', match.index);
  }

  for (let at = code.indexOf('+'); at !== -1; at = code.indexOf('+', at + 1)) {
    if (!isUnaryPlus(code, at)) continue;
    OPERAND.lastIndex = at + 1;
    const operand = OPERAND.exec(code);
    if (operand?.[1] && namesMoney(operand[1])) report('unary-plus', at);
  }

  for (const match of code.matchAll(/\.\s*toFixed\s*\(/g)) {
    if (namesMoney(receiverBefore(code, match.index))) report('toFixed', match.index);
  }

  return found.sort((a, b) => a.line - b.line);
}

/** A dotted name right after a unary plus (sticky: matched where lastIndex points). */
const OPERAND = /\s*([A-Za-z_$][\w$]*(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*)/y;

function namesMoney(expression: string): boolean {
  return (expression.match(/[A-Za-z_$][\w$]*/g) ?? []).some((name) => MONEY_WORD.test(name));
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The text of a call's first argument, from just after its `(` to the first top-level `,` or `)`. */
function firstArgument(code: string, from: number): string {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const char = code[i];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) return code.slice(from, i);
      depth--;
    } else if (char === ',' && depth === 0) return code.slice(from, i);
  }
  return code.slice(from);
}

/** What `.toFixed` is called on: a dotted name (`row.totalMinor`) or a parenthesised expression. */
function receiverBefore(code: string, dotAt: number): string {
  let end = dotAt;
  while (end > 0 && /\s/.test(code[end - 1] ?? '')) end--;
  if (code[end - 1] === ')') {
    let depth = 0;
    for (let i = end - 1; i >= 0; i--) {
      if (code[i] === ')') depth++;
      else if (code[i] === '(' && --depth === 0) return code.slice(i, end);
    }
    return code.slice(0, end);
  }
  const name = code.slice(0, end).match(/[A-Za-z_$][\w$]*(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*$/);
  return name?.[0] ?? '';
}

/** A `+` that is a sign, not an addition, `++` or `+=`: nothing that ends an operand comes before it. */
function isUnaryPlus(code: string, at: number): boolean {
  if (code[at + 1] === '+' || code[at + 1] === '=' || code[at - 1] === '+') return false;
  let i = at - 1;
  while (i >= 0 && /\s/.test(code[i] ?? '')) i--;
  if (i < 0) return true;
  const before = code[i] ?? '';
  if (/[\w$)\]'"`]/.test(before)) {
    // `return +x`, `typeof +x`...: a keyword ends no operand.
    return KEYWORDS_BEFORE_EXPRESSION.has(wordEndingAt(code, i));
  }
  return true;
}

const KEYWORDS_BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

/**
 * The source with every comment, string, template text and regular expression replaced by spaces
 * (line breaks kept, so offsets and line numbers still match). `${...}` inside templates stays code.
 */
export function codeOnly(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  /** Brace depth of each open `${`, innermost last: a `}` at depth 0 goes back to the template. */
  const templates: number[] = [];
  let lastSignificant = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? '';
    const next = source[i + 1] ?? '';
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (char === "'" || char === '"') {
      const stop = endOfQuoted(source, i, char);
      blank(i + 1, stop - 1);
      i = stop;
      lastSignificant = char;
      continue;
    }
    if (char === '`' || (char === '}' && templates.at(-1) === 0)) {
      if (char === '}') templates.pop();
      const stop = endOfTemplateText(source, i + 1);
      blank(i + 1, stop.textEnd);
      if (stop.opensExpression) templates.push(0);
      i = stop.resumeAt;
      lastSignificant = '`';
      continue;
    }
    if (char === '/' && startsRegex(source, i, lastSignificant)) {
      const stop = endOfRegex(source, i);
      blank(i + 1, stop - 1);
      i = stop;
      lastSignificant = '/';
      continue;
    }
    if (templates.length > 0) {
      if (char === '{') templates[templates.length - 1] = (templates.at(-1) ?? 0) + 1;
      else if (char === '}') templates[templates.length - 1] = (templates.at(-1) ?? 1) - 1;
    }
    if (!/\s/.test(char)) {
      const inWord = /[\w$]/.test(char);
      // Only the word's last character matters: it decides what a following `/` means.
      if (!inWord) lastSignificant = char;
      else if (!/[\w$]/.test(source[i + 1] ?? '')) lastSignificant = wordEndingAt(source, i);
    }
    i++;
  }
  return out.join('');
}

/** The identifier or number whose last character is at `at`. */
function wordEndingAt(source: string, at: number): string {
  let start = at;
  while (start > 0 && /[\w$]/.test(source[start - 1] ?? '')) start--;
  return source.slice(start, at + 1);
}

/** Strings cannot span lines (without a trailing backslash): an unclosed one ends at the line end. */
function endOfQuoted(source: string, start: number, quote: string): number {
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === quote) return i + 1;
    else if (char === '\n') return i;
  }
  return source.length;
}

function endOfTemplateText(source: string, from: number) {
  for (let i = from; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '`') return { textEnd: i, resumeAt: i + 1, opensExpression: false };
    else if (char === '$' && source[i + 1] === '{')
      return { textEnd: i, resumeAt: i + 2, opensExpression: true };
  }
  return { textEnd: source.length, resumeAt: source.length, opensExpression: false };
}

/**
 * A `/` starts a regular expression where an operand is expected. JSX closing tags (`</b>`) and
 * self-closing tags (`/>`) are not regular expressions.
 */
function startsRegex(source: string, at: number, lastSignificant: string): boolean {
  const next = source[at + 1] ?? '';
  if (next === '>' || lastSignificant === '<') return false;
  if (lastSignificant === '') return true;
  if (/^[A-Za-z_$]/.test(lastSignificant)) return KEYWORDS_BEFORE_EXPRESSION.has(lastSignificant);
  return !/[\w$)\]'"`]/.test(lastSignificant);
}

function endOfRegex(source: string, start: number): number {
  let inClass = false;
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return i + 1;
    else if (char === '\n') return i;
  }
  return source.length;
}
