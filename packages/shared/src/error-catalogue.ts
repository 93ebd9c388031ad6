/**
 * The error catalogue, without zod so that the smallest page may import it (the quick-tip page).
 * The server answers with its statuses; both web clients read answers and translate with it.
 *
 * Error codes: the spec's error catalogue (§8) plus the codes our API contracts name.
 * `status` is the HTTP status the server answers with; `0` marks a code that only the
 * web app raises (no server answer carries it). The web app translates every code
 * under `errors:<code>`.
 */
export const ERROR_CODES = {
  // Generic states
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  session_expired: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  network_error: 0,
  offline: 0,
  // Authentication and account (spec §5, §8)
  login_failed: 401,
  registration_failed: 400,
  email_not_verified: 403,
  passwords_do_not_match: 400,
  user_not_authenticated: 401,
  invalid_session: 401,
  user_profile_not_found: 404,
  sign_out_failed: 500,
  delete_confirmation_failed: 400,
  account_delete_failed: 500,
  profile_update_failed: 500,
  ztartag_taken: 409,
  /** The phone number is the verified number of another account (one account at a time). */
  phone_in_use: 409,
  ztartag_retrieve_failed: 500,
  /** A feature that needs the person's ztartag (their tip link, My QR, QR codes) before they chose one. */
  ztartag_required: 409,
  pin_required: 403,
  pin_invalid: 403,
  pin_locked: 423,
  pin_not_set: 409,
  pin_already_set: 409,
  invalid_token: 400,
  current_password_incorrect: 403,
  image_required: 400,
  image_invalid: 415,
  demo_mode: 0,
  /** A suspended account: its sign-in is refused and its sessions have ended (decision 0040). */
  account_suspended: 403,
  // Admin area (decision 0040)
  /** While an admin impersonates a person, nothing can change: money least of all. */
  impersonation_read_only: 403,
  /** Impersonating oneself, another admin, or a suspended or deleted account. */
  impersonation_not_allowed: 409,
  /** A second impersonation from a session that already runs one. */
  impersonation_active: 409,
  /** Ending an impersonation when none is running. */
  impersonation_not_active: 409,
  /** An admin changing their own role or suspending themselves. */
  admin_self_change: 409,
  // Money (spec §8, ARCHITECTURE.md §4)
  transfer_failed: 500,
  insufficient_balance: 422,
  recipient_user_not_found: 404,
  recipient_not_found: 404,
  wallet_error: 422,
  tip_failed: 500,
  limit_exceeded: 422,
  idempotency_conflict: 409,
  idempotency_key_invalid: 400,
  /** A money-moving POST without its Idempotency-Key: it could not be retried safely. */
  idempotency_key_required: 400,
  /** The connection to the database broke after the movement was sent: it may or may not have happened; the same key tells. */
  outcome_unknown: 503,
  /** The server's queue of money movements is full: nothing moved, try again after Retry-After. */
  overloaded: 503,
  recipient_is_self: 400,
  card_number_invalid: 422,
  card_expired: 422,
  card_cvc_invalid: 422,
  card_declined: 402,
  card_insufficient_funds: 402,
  iban_invalid: 422,
  routing_number_invalid: 422,
  account_number_invalid: 422,
  payment_method_not_found: 404,
  payment_method_unsuitable: 422,
  category_exists: 409,
  /** A second budget for the same month, category and currency. */
  budget_exists: 409,
  /** A budget for a month outside BUDGET_LIMITS (months back and ahead of the person's current month). */
  budget_month_out_of_range: 400,
  /** A month that already holds BUDGET_LIMITS.perMonth budgets. */
  budget_month_full: 422,
  /** An account cannot be deleted while it holds money (details: `balanceNotEmptyDetailsSchema`). */
  balance_not_empty: 409,
  /** The person's previous CSV export is still being written: one at a time each. */
  export_in_progress: 429,
  /** A debt with a user of the app that they have not confirmed (or declined): it cannot be settled. */
  debt_unconfirmed: 409,
  /** A settlement above what is left of the debt (or of a settled debt). */
  settlement_above_remaining: 422,
  /** The wrong side for this way of settling: transfers by the debtor, manual ones by the creditor. */
  debt_settlement_forbidden: 403,
  debt_settlement_failed: 500,
  /** Savings goals (decision 0032): taking out more than the goal holds. */
  goal_savings_insufficient: 422,
  /** A goal that still holds money cannot be deleted: take it out first. */
  goal_not_empty: 409,
  /** A time zone the database cannot count in (details: `{ field: 'timeZone' }`). */
  time_zone_unsupported: 400,
  /** Investments (decision 0036): selling more than the holding is worth at today's price. */
  insufficient_holdings: 422,
  /** A buy whose amount buys not even one micro-unit at today's price. */
  amount_too_small: 422,
  investment_order_failed: 500,
  /** Invoices (decision 0038): only a draft changes or is sent. */
  invoice_not_editable: 409,
  /** A paid or void invoice cannot be voided. */
  invoice_not_voidable: 409,
  /** A paid or void invoice cannot be paid (again): no money moved. */
  invoice_not_payable: 409,
  invoice_payment_failed: 500,
  /** Businesses (decision 0039): creating or running a business needs the business or enterprise level. */
  business_level_required: 403,
  /** A webhook address that is not a public https one (decision 0047): private, loopback, link-local, another port… */
  webhook_address_not_allowed: 422,
  /**
   * An owner cannot delete their account while a business of theirs holds money (details:
   * `businessBalanceNotEmptyDetailsSchema`): it is distributed to the team or withdrawn first.
   */
  business_balance_not_empty: 409,
  // Social and tools
  contact_add_failed: 500,
  /** A contact id that is not one of the person's own contacts (another's reads the same). */
  contact_not_found: 404,
  visibility_update_failed: 500,
  location_unavailable: 0,
  nearby_search_failed: 500,
  /** Nearby users: sending a position or seeing who is around needs the person's visibility on. */
  nearby_visibility_off: 409,
  /** Nearby users: the person's position is missing or older than NEARBY.positionTtlMinutes. */
  nearby_location_required: 409,
  dynamic_qr_save_failed: 500,
  /** What was asked cannot be encoded (e.g. an EMV payload whose merchant name has no usable letters). */
  qr_generation_failed: 422,
  invalid_qr_code: 422,
  photo_capture_failed: 0,
  photo_delete_failed: 500,
  copy_link_failed: 0,
  gamification_load_failed: 500,
  assistant_unavailable: 503,
  /** Over one of the role's assistant quotas (details: `quotaExceededDetailsSchema`: which quota, when it resets). */
  quota_exceeded: 429,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodeList = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function httpStatusOf(code: ErrorCode): number {
  const status = ERROR_CODES[code];
  return status === 0 ? 500 : status;
}

/** The key under which the web app and the quick-tip page translate a code. */
export function errorMessageKey(code: string): `errors:${string}` {
  return `errors:${code}`;
}

/** Codes that name only a status: what an answer without our error shape is read as. */
const GENERIC_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];

const GENERIC_CODE_BY_STATUS: ReadonlyMap<number, ErrorCode> = new Map(
  GENERIC_CODES.map((code) => [ERROR_CODES[code], code]),
);

/**
 * The code of an error answer that does not carry our error shape (a proxy's page, an empty
 * body), from its HTTP status: the generic code of that status, else bad_request or
 * internal_error. Both web clients read such answers with it.
 */
export function codeForStatus(status: number): ErrorCode {
  return GENERIC_CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
