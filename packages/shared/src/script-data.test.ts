import { describe, expect, it } from 'vitest';
import { jsonForScriptElement } from './script-data.ts';

describe('JSON inside a script element', () => {
  it('can never end the element, start a comment or markup, and reads back the same', () => {
    const json = jsonForScriptElement({ name: '</script><!-- & \u2028' });
    expect(json).toBe('{"name":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}');
    expect(JSON.parse(json)).toEqual({ name: '</script><!-- & \u2028' });
  });
});
