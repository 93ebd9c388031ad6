import { render } from '@testing-library/react';
import { FIRST_PAINT_ELEMENT_ID } from '@ztart/shared/first-paint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_PAINT_TIMEOUT_MS,
  revealApp,
  revealAppLater,
  useRevealApp,
} from '@/app/first-paint/first-paint';

function addFirstPaint(): HTMLElement {
  const element = document.createElement('div');
  element.id = FIRST_PAINT_ELEMENT_ID;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
  vi.useRealTimers();
});

describe("the server's first paint", () => {
  it('goes once a screen has rendered, in the same commit', () => {
    const firstPaint = addFirstPaint();
    function Screen() {
      useRevealApp();
      return <p>screen</p>;
    }
    render(<Screen />);
    expect(firstPaint.isConnected).toBe(false);
  });

  it('stays while nothing has rendered, and goes after the timeout at the latest', () => {
    vi.useFakeTimers();
    const firstPaint = addFirstPaint();
    revealAppLater();
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(firstPaint.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(firstPaint.isConnected).toBe(false);
  });

  it('does nothing on a page without one', () => {
    expect(() => revealApp()).not.toThrow();
  });
});
