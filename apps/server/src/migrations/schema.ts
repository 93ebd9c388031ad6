/** Every module's tables, for drizzle-kit's migrations (drizzle.config.ts). */

export * from '../integrations/card-processor/tables.ts';
export * from '../integrations/outbox/tables.ts';
export * from '../modules/activity/tables.ts';
export * from '../modules/admin/tables.ts';
export * from '../modules/assistant/tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/budgets/tables.ts';
export * from '../modules/businesses/tables.ts';
export * from '../modules/contacts/tables.ts';
export * from '../modules/debts/tables.ts';
export * from '../modules/goals/tables.ts';
export * from '../modules/idempotency/tables.ts';
export * from '../modules/investments/tables.ts';
export * from '../modules/invoices/tables.ts';
export * from '../modules/ledger/tables.ts';
export * from '../modules/nearby/tables.ts';
export * from '../modules/notifications/tables.ts';
export * from '../modules/payment-methods/tables.ts';
export * from '../modules/posts/tables.ts';
export * from '../modules/profiles/tables.ts';
export * from '../modules/qr-codes/tables.ts';
export * from '../modules/security/tables.ts';
export * from '../modules/tips/tables.ts';
export * from '../modules/transactions/tables.ts';
