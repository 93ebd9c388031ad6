import { NOTIFICATION_EVENTS } from '@ztart/shared/contracts/notifications';
import { SCREEN_PATHS } from '@ztart/shared/routes';
import { describe, expect, it } from 'vitest';
import { notificationLink } from '@/lib/notifications/notification-links';

/** Whether a path (query left aside) is a screen of the route table. */
function isScreen(path: string): boolean {
  const [pathname = ''] = path.split('?');
  return SCREEN_PATHS.some((pattern) =>
    new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(pathname),
  );
}

describe('where a notification leads', () => {
  it('opens the transaction it tells of', () => {
    const id = '8a1b2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d';
    expect(notificationLink({ event: 'transfer_received', data: { transactionId: id } })).toBe(
      `/transactions/${id}`,
    );
    expect(notificationLink({ event: 'deposit_failed', data: { transactionId: id } })).toBe(
      `/transactions/${id}`,
    );
  });

  it('opens the paid invoice it tells of, else the invoices', () => {
    const id = '8a1b2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d';
    expect(notificationLink({ event: 'invoice_paid', data: { invoiceId: id } })).toBe(`/invoices/${id}`);
    expect(notificationLink({ event: 'invoice_paid', data: {} })).toBe('/invoices');
  });

  it('without a transaction, opens the list it would be in', () => {
    expect(notificationLink({ event: 'tip_received', data: {} })).toBe('/tips-me');
    expect(
      notificationLink({ event: 'debt_due', data: { debtId: '8a1b2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d' } }),
    ).toBe('/contacts/debts');
  });

  it('every event leads to a screen of the route table, with or without its data', () => {
    for (const event of NOTIFICATION_EVENTS) {
      expect(isScreen(notificationLink({ event, data: {} })), event).toBe(true);
      expect(
        isScreen(
          notificationLink({ event, data: { transactionId: '8a1b2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d' } }),
        ),
        event,
      ).toBe(true);
    }
  });
});
