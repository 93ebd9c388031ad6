import { getEncoding, type Tiktoken } from 'js-tiktoken';

/**
 * Tokens counted with a real tokenizer (OpenAI's cl100k_base, through js-tiktoken, pure
 * JavaScript): the built-in engine has no provider to report usage, so its questions and answers
 * are counted as a hosted model would count them.
 */
export interface TokenCounter {
  count(text: string): number;
}

export function createTokenCounter(): TokenCounter {
  let encoding: Tiktoken | null = null;
  return {
    count(text: string): number {
      encoding ??= getEncoding('cl100k_base');
      return encoding.encode(text).length;
    },
  };
}
