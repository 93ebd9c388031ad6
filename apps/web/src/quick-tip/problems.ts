import type { Vars } from './i18n.ts';
import type { MessageKey } from './messages/en.ts';

/** Why something cannot go ahead, as a message key and its values (translated where shown). */
export interface Problem {
  key: MessageKey;
  vars?: Vars;
  /**
   * Above the quick-tip maximum: the field also points to account verification and a direct
   * transfer (spec §5).
   */
  overMax?: boolean;
}

/** The fields of the quick-tip form that a problem can be bound to. */
export type FormField = 'amount' | 'message' | 'receipt' | 'number' | 'expiry' | 'cvc' | 'name';

export type FieldProblems = Partial<Record<FormField, Problem>>;
