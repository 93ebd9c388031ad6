/**
 * JSON that cannot end the `<script type="application/json">` element it sits in, nor start a
 * comment or markup there: `<`, `>` and `&` as escapes (and the two line separators that older
 * parsers refused). What the server hands a page as data, never run.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
