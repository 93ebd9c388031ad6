import type { Notification, NotificationEvent } from '@ztart/shared/contracts/notifications';

type NotificationData = Notification['data'];

/** A transaction's detail when the notification names one, else the list it would be in. */
function transactionLink(fallback: string) {
  return (data: NotificationData) => (data.transactionId ? `/transactions/${data.transactionId}` : fallback);
}

const debtsLink = () => '/contacts/debts';

/**
 * Where each notification leads, by its event: the one place that says it. A new event must add
 * its link here (the type asks for every event), from what its `data` carries: a budget's month
 * (`/budget?month=2026-05`), a goal's id (`/goals/<id>`), and so on.
 */
export const NOTIFICATION_LINKS: Record<NotificationEvent, (data: NotificationData) => string> = {
  transfer_received: transactionLink('/transactions'),
  tip_received: transactionLink('/tips-me'),
  deposit_completed: transactionLink('/wallet'),
  deposit_failed: transactionLink('/wallet'),
  withdrawal_completed: transactionLink('/wallet'),
  withdrawal_failed: transactionLink('/wallet'),
  debt_recorded: debtsLink,
  debt_due: debtsLink,
  budget_alert: (data) => (data.month ? `/budget?month=${data.month}` : '/budget'),
  goal_reached: () => '/goals',
  invoice_paid: (data) => (data.invoiceId ? `/invoices/${data.invoiceId}` : '/invoices'),
  invoice_payment_failed: (data) => (data.invoiceId ? `/invoices/${data.invoiceId}` : '/invoices'),
  invoice_due_soon: () => '/invoices',
  invoice_overdue: () => '/invoices?status=overdue',
  achievement_unlocked: () => '/achievements',
  level_up: () => '/achievements',
  plan_renewal_failed: () => '/businesses#plans',
};

/** The screen a notification is about. */
export function notificationLink(notification: Pick<Notification, 'event' | 'data'>): string {
  return NOTIFICATION_LINKS[notification.event](notification.data);
}
