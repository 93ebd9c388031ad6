import { TOAST_DURATION_MS, TOAST_LIMIT } from '@ztart/shared/limits';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  /** Already translated. */
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast {
  id: string;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
}

export interface ToastStore {
  /** Shows a toast (the newest first, at most `limit` at once) and returns its id. */
  show: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  dismissAll: () => void;
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
}

export interface ToastStoreOptions {
  limit?: number;
  durationMs?: number;
}

/** A tiny external store for toasts (spec §9: one at a time, removed after a delay). */
export function createToastStore({
  limit = TOAST_LIMIT,
  durationMs = TOAST_DURATION_MS,
}: ToastStoreOptions = {}): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function emit() {
    for (const listener of listeners) listener();
  }

  function clearTimer(id: string) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  }

  function dismiss(id: string) {
    clearTimer(id);
    if (!toasts.some((toast) => toast.id === id)) return;
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  }

  function show(input: ToastInput): string {
    nextId += 1;
    const toast: Toast = {
      id: `toast-${nextId}`,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
    };
    const kept = [toast, ...toasts].slice(0, Math.max(1, limit));
    for (const old of toasts) if (!kept.includes(old)) clearTimer(old.id);
    toasts = kept;
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), durationMs),
    );
    emit();
    return toast.id;
  }

  function dismissAll() {
    for (const id of timers.keys()) clearTimer(id);
    toasts = [];
    emit();
  }

  return {
    show,
    dismiss,
    dismissAll,
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's toast store. */
export const toastStore = createToastStore();

/** Shows a toast: `toast({ title: t('account:toasts.signedOut'), variant: 'success' })`. */
export function toast(input: ToastInput): string {
  return toastStore.show(input);
}
