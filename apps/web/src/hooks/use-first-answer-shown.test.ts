import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstAnswerShown } from '@/hooks/use-first-answer-shown';

describe('useFirstAnswerShown', () => {
  it('keeps the loading shapes for the update that brings the first answer, then shows it', () => {
    const rendered: boolean[] = [];
    const { rerender } = renderHook(
      ({ isPending }) => {
        const shown = useFirstAnswerShown(isPending);
        rendered.push(shown);
        return shown;
      },
      { initialProps: { isPending: true } },
    );
    expect(rendered).toEqual([false]);

    rendered.length = 0;
    rerender({ isPending: false });
    // The answer's own render still shows the loading shapes; a render of its own shows the answer.
    expect(rendered).toEqual([false, true]);

    rendered.length = 0;
    rerender({ isPending: false });
    expect(rendered).toEqual([true]);

    rendered.length = 0;
    rerender({ isPending: true });
    expect(rendered[0]).toBe(false);
    expect(rendered.at(-1)).toBe(false);
  });
});
