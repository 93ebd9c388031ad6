import type { Debt, SettlementVia } from '@ztart/shared/contracts/debts';

/** How the other person is named: @tag for a user who has one, else their name. */
export function counterpartyName(debt: Debt): string {
  return debt.counterparty.ztartag ? `@${debt.counterparty.ztartag}` : debt.counterparty.displayName;
}

/** The debt can take a settlement: open, and confirmed by the other person when they use the app. */
export function isSettleable(debt: Debt): boolean {
  return debt.status === 'open' && (debt.confirmation === 'confirmed' || debt.confirmation === 'not_needed');
}

/**
 * The ways the viewer may settle (the server's rules, docs/decisions/0027-debts.md): paying by
 * transfer is the debtor's, towards a user of the app; recording a payment made outside the app is
 * the creditor's, or the recorder's alone when the other person does not use the app.
 */
export function settleWays(debt: Debt): SettlementVia[] {
  if (!isSettleable(debt)) return [];
  const isDebtor = debt.direction === 'i_owe';
  const ways: SettlementVia[] = [];
  if (isDebtor && debt.counterparty.isUser) ways.push('transfer');
  if (!isDebtor || !debt.counterparty.isUser) ways.push('manual');
  return ways;
}

/** Waiting for the viewer's answer: recorded by the other person, not confirmed or declined yet. */
export function awaitsMyAnswer(debt: Debt): boolean {
  return !debt.recordedByMe && debt.confirmation === 'pending';
}
