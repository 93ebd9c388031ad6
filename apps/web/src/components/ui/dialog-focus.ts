/**
 * Where focus goes in a dialog. A dialog opens on its first field (not on "Close"), keeps focus
 * inside when a step replaces the control that had it, and gives focus back to its opener when it
 * closes, even when the content was unmounted first (then the browser's own restore does nothing).
 */

const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
].join(', ');

/** The first field of `container`; in a group of radio buttons, the chosen one. */
export function firstFieldOf(container: ParentNode): HTMLElement | null {
  const field = container.querySelector<HTMLElement>(FIELD_SELECTOR);
  if (field instanceof HTMLInputElement && field.type === 'radio' && field.name) {
    const group = Array.from(
      container.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(field.name)}"]`),
    );
    return group.find((radio) => radio.checked) ?? field;
  }
  return field;
}

/** The step's heading that takes focus when there is no field (a confirmation, a receipt). */
function focusTargetOf(container: ParentNode): HTMLElement | null {
  return firstFieldOf(container) ?? container.querySelector<HTMLElement>('[tabindex="-1"]');
}

/** Whether focus was lost: on nothing, the page, or the dialog box itself. */
function focusLost(dialog: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === dialog;
}

/**
 * Watches an open dialog: focuses `content`'s first field now, or as soon as one appears while
 * focus still rests on `closeButton` (the content was loading); and whenever focus is lost inside,
 * moves it to the new step's field or heading. Returns the function that stops watching.
 */
export function watchDialogFocus(dialog: HTMLElement, content: HTMLElement, closeButton: HTMLElement | null) {
  let placed = false;
  const place = () => {
    const target = focusTargetOf(content);
    if (!target) return;
    target.focus();
    placed = firstFieldOf(content) !== null || placed;
  };
  const observer = new MutationObserver(() => {
    const waitingForFirstField = !placed && document.activeElement === closeButton;
    if (waitingForFirstField || focusLost(dialog)) place();
  });
  // The person moved on by themselves (a click, Tab): the first field is no longer awaited.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== closeButton && event.target !== dialog) placed = true;
  };
  const firstField = firstFieldOf(content);
  if (firstField) {
    firstField.focus();
    placed = true;
  }
  dialog.addEventListener('focusin', onFocusIn);
  observer.observe(content, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    dialog.removeEventListener('focusin', onFocusIn);
  };
}

/** Gives focus back to the control that opened the dialog, when it is still on the page. */
export function restoreFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && document.activeElement !== opener) {
    opener.focus();
  }
}
