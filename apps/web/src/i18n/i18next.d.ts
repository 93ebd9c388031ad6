import 'i18next';
import type account from '@/i18n/locales/en/account.json';
import type activity from '@/i18n/locales/en/activity.json';
import type admin from '@/i18n/locales/en/admin.json';
import type analytics from '@/i18n/locales/en/analytics.json';
import type assistant from '@/i18n/locales/en/assistant.json';
import type auth from '@/i18n/locales/en/auth.json';
import type budgets from '@/i18n/locales/en/budgets.json';
import type business from '@/i18n/locales/en/business.json';
import type common from '@/i18n/locales/en/common.json';
import type contacts from '@/i18n/locales/en/contacts.json';
import type dashboard from '@/i18n/locales/en/dashboard.json';
import type ddf from '@/i18n/locales/en/ddf.json';
import type debts from '@/i18n/locales/en/debts.json';
import type errors from '@/i18n/locales/en/errors.json';
import type gamification from '@/i18n/locales/en/gamification.json';
import type goals from '@/i18n/locales/en/goals.json';
import type guard from '@/i18n/locales/en/guard.json';
import type investments from '@/i18n/locales/en/investments.json';
import type invoices from '@/i18n/locales/en/invoices.json';
import type nav from '@/i18n/locales/en/nav.json';
import type nearby from '@/i18n/locales/en/nearby.json';
import type notifications from '@/i18n/locales/en/notifications.json';
import type observatory from '@/i18n/locales/en/observatory.json';
import type profile from '@/i18n/locales/en/profile.json';
import type qr from '@/i18n/locales/en/qr.json';
import type screens from '@/i18n/locales/en/screens.json';
import type tips from '@/i18n/locales/en/tips.json';
import type transactions from '@/i18n/locales/en/transactions.json';
import type validation from '@/i18n/locales/en/validation.json';
import type wallet from '@/i18n/locales/en/wallet.json';

// English is the reference catalogue: `t()` accepts only keys that exist in it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      admin: typeof admin;
      activity: typeof activity;
      analytics: typeof analytics;
      assistant: typeof assistant;
      auth: typeof auth;
      budgets: typeof budgets;
      business: typeof business;
      common: typeof common;
      debts: typeof debts;
      investments: typeof investments;
      invoices: typeof invoices;
      contacts: typeof contacts;
      dashboard: typeof dashboard;
      ddf: typeof ddf;
      errors: typeof errors;
      gamification: typeof gamification;
      goals: typeof goals;
      guard: typeof guard;
      nav: typeof nav;
      nearby: typeof nearby;
      notifications: typeof notifications;
      observatory: typeof observatory;
      profile: typeof profile;
      qr: typeof qr;
      screens: typeof screens;
      tips: typeof tips;
      transactions: typeof transactions;
      validation: typeof validation;
      wallet: typeof wallet;
    };
  }
}
