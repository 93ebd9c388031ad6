/** Limits that the spec leaves open, decided in ARCHITECTURE.md §8 and the decision records. */

/** TanStack Query defaults of spec §9. */
export const QUERY_DEFAULTS = {
  queries: {
    retry: 2,
    staleTimeMs: 5 * 60 * 1000,
    gcTimeMs: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  },
  mutations: { retry: 1 },
} as const;

/** One toast at a time (spec §9); a toast stays for this long unless dismissed. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 6_000;

export const SECURITY_CONTEXT_CACHE_SECONDS = 60;

export const SESSION_IDLE_TIMEOUT_MINUTES = 30;
export const SESSION_ABSOLUTE_TIMEOUT_DAYS = 7;
export const PIN_UNLOCK_MINUTES = 5;

/** How long the single-use links sent by mail stay valid. */
export const EMAIL_VERIFICATION_TOKEN_HOURS = 24;
export const PASSWORD_RESET_TOKEN_MINUTES = 60;

/** Phone verification: a 6-digit code by SMS, valid this long, with this many wrong entries allowed. */
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** Profile photos: the uploaded file's limit and the square size every photo is re-encoded to. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * Gallery photos (decision 0029): the same files as avatars are accepted, re-encoded to WebP
 * without metadata and at most PHOTO_MAX_EDGE_PX on their longer side (never enlarged).
 */
export const PHOTO_MAX_BYTES = AVATAR_MAX_BYTES;
export const PHOTO_CONTENT_TYPES = AVATAR_CONTENT_TYPES;
export const PHOTO_MAX_EDGE_PX = 1600;
/** Photos one person may keep; deleting one frees a place. */
export const PHOTOS_MAX_PER_USER = 200;
/** Posts one person may keep; deleting one frees a place. */
export const POSTS_MAX_PER_USER = 1_000;
/** The newest public photos and posts a public profile shows (it is not paged). */
export const PUBLIC_PROFILE_LIMITS = { photos: 24, posts: 20 } as const;

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Requests allowed per window before the server answers 429 `rate_limited` (with Retry-After).
 * They slow down guessing and abuse; they are not what keeps an account safe. PIN entries are
 * limited by their own attempt counter (PIN_MAX_ATTEMPTS), phone codes by PHONE_CODE_MAX_ATTEMPTS.
 */
export const RATE_LIMITS = {
  /** Sign-in attempts for one email address from one IP address. */
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  /** Sign-in attempts from one IP address, whatever the email. */
  signInPerIp: { max: 50, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 5, windowSeconds: 60 * 60 },
  /** Forgot-password and resend-verification mails, each per IP address and email. */
  emailLinkPerAccount: { max: 5, windowSeconds: 60 * 60 },
  /** Password resets with a mailed token, per IP address. */
  resetPasswordPerIp: { max: 5, windowSeconds: 60 * 60 },
  /** Phone verification codes sent to one signed-in person. */
  phoneCodePerUser: { max: 5, windowSeconds: 60 * 60 },
  /** Checks of the current password by a signed-in person (change password or email, delete account). */
  passwordCheckPerUser: { max: 10, windowSeconds: 15 * 60 },
  /** ztartag availability checks and suggestions, per IP address. */
  ztartagLookupPerIp: { max: 60, windowSeconds: 60 },
  /**
   * Public profiles read by one IP address (`GET /api/public/profiles/{ztartag}` and the quick-tip
   * page rendered with its receiver): a busy venue's shared address opens far fewer, while a script
   * walking through tags to collect names and photos is slowed down.
   */
  publicProfilePerIp: { max: 120, windowSeconds: 60 },
  /** Actions a signed-in person's app may write to the audit log. */
  auditPerUser: { max: 120, windowSeconds: 60 },
  /**
   * Card tips from one IP address, whatever the card: slows down card testing (many stolen numbers
   * tried from one place). Generous, because a whole audience behind one venue Wi-Fi or mobile
   * carrier's NAT shares an address.
   */
  quickTipPerIp: { max: 30, windowSeconds: 10 * 60 },
  /** Card tips with one card number, from anywhere: a stolen card cannot be drained tip after tip. */
  quickTipPerCard: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Recipients named by email or phone (look-ups and transfers), per signed-in person: each answer
   * tells whether someone has an account, so a list of addresses cannot be run through it.
   * Tags are public and not counted.
   */
  recipientLookupPerUser: { max: 30, windowSeconds: 15 * 60 },
  /**
   * Cards a signed-in person adds, per person: each is checked with its bank (zero amount), whose
   * answer tells whether a card is live, so a list of stolen numbers cannot be run through it.
   */
  cardCheckPerUser: { max: 20, windowSeconds: 60 * 60 },
  /**
   * Positions a signed-in person sends for nearby users: the page sends one every few minutes,
   * so this leaves room for reloads while keeping anyone from walking a made-up position around
   * to work out where others are.
   */
  nearbyLocationPerUser: { max: 20, windowSeconds: 15 * 60 },
  /**
   * Contact look-ups (`GET /api/contacts/lookup`) per signed-in person, tags included: each answers
   * one exact ztartag, email or phone, and this many in a quarter of an hour cannot walk through people.
   */
  contactLookupPerUser: { max: 30, windowSeconds: 15 * 60 },
  /** Gallery photos a signed-in person uploads: each is decoded and re-encoded, which costs the server. */
  photoUploadPerUser: { max: 30, windowSeconds: 60 * 60 },
  /** Posts a signed-in person writes: room for a busy day, not for flooding a public profile. */
  postCreatePerUser: { max: 30, windowSeconds: 60 * 60 },
  /**
   * Budgets a signed-in person creates, changes or copies: setting up a month by hand is a few
   * dozen at most, and each write sums the month's spending.
   */
  budgetWritePerUser: { max: 60, windowSeconds: 15 * 60 },
  /** Savings goals a signed-in person creates or edits (names, targets, dates). */
  goalWritePerUser: { max: 60, windowSeconds: 15 * 60 },
  /** Invoices a signed-in person creates, edits, sends or voids: each send mails a customer. */
  invoiceWritePerUser: { max: 120, windowSeconds: 60 * 60 },
  /** Card payments of invoices from one IP address, whatever the card (card testing, as for quick tips). */
  invoiceCardPayPerIp: { max: 30, windowSeconds: 10 * 60 },
  /** Card payments of invoices with one card number, from anywhere. */
  invoiceCardPayPerCard: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Public invoices read by one IP address (`GET /api/public/invoices/{code}`, the pay page and
   * its polling while a card payment is pending): room for a payer, not for guessing codes.
   */
  invoicePublicPerIp: { max: 120, windowSeconds: 60 },
  /**
   * Webhook test events a signed-in person sends: each makes the server call the business's
   * address at once, so the test button cannot be used to hammer someone else's server.
   */
  webhookTestPerUser: { max: 10, windowSeconds: 5 * 60 },
  /** Invoice PDFs a signed-in person downloads: each is rendered anew, which costs the server. */
  invoicePdfPerUser: { max: 30, windowSeconds: 5 * 60 },
  /**
   * Questions signed-out visitors ask the help assistant from one IP address: the guest token
   * quota bounds what they cost, this bounds how fast they come.
   */
  assistantGuestPerIp: { max: 20, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Sign-in back-off per account, wherever the attempts come from (the per-address limits above
 * cannot stop guesses spread over many addresses). After `freeFailures` failed sign-ins in a row
 * for one email, each next attempt waits `firstDelaySeconds`, doubling with each further failure
 * up to `maxDelaySeconds`; a success, a password reset or `forgetAfterSeconds` without any attempt
 * starts over. Addresses nobody has count alike, so the answer never tells whether one is
 * registered. At `notifyAfterFailures` failures in a row the owner gets a mail.
 */
export const SIGN_IN_BACKOFF = {
  freeFailures: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
  notifyAfterFailures: 5,
} as const;

/**
 * Nearby users (spec §2; docs/decisions/0028-nearby-users.md). A position is kept only as the
 * grid cell it falls in (`cellDegrees` of latitude, about 1.1 km, and at least as wide east to
 * west) and forgotten `positionTtlMinutes` after its last refresh; the page refreshes it every
 * `refreshMinutes` while open. The list answers people within `radiusKm` of the person's own
 * cell, nearest first, at most `maxResults` of them.
 */
export const NEARBY = {
  radiusKm: { default: 5, max: 25 },
  /** The radius choices the page offers, each within radiusKm.max. */
  radiusChoicesKm: [1, 5, 10, 25],
  cellDegrees: 0.01,
  positionTtlMinutes: 15,
  refreshMinutes: 3,
  maxResults: 50,
} as const;

/** Maximum lengths of free text. */
export const TEXT_LIMITS = {
  name: 100,
  note: 500,
  bio: 500,
  tipMessage: 280,
  post: 500,
} as const;

/** Amount limits in minor units of the currency concerned. */
export const AMOUNT_LIMITS = {
  minMinor: 1,
  quickTipMinMinor: 100,
  quickTipMaxMinor: 10_000,
  transferMaxMinor: 1_000_000,
  unverifiedDailyMinor: 50_000,
  noPinMaxMinor: 5_000,
} as const;

/** Savings goals (decision 0032): how many one person keeps, their name and their target. */
export const GOAL_LIMITS = {
  perUser: 50,
  nameMax: 60,
  /** 1,000,000.00 in the goal's currency. */
  targetMaxMinor: 100_000_000,
} as const;

/**
 * Invoices (decision 0038): lines per invoice, whole quantities, the tax rate in basis points
 * (10,000 = 100 %), free text, the largest total (the transfer maximum, so a wallet can pay it in
 * one movement), invoices per issuer and year (the number keeps 4 digits), and reminders: one
 * `reminderDaysBefore` days before the due date and one the day after it.
 */
export const INVOICE_LIMITS = {
  linesMax: 50,
  quantityMax: 100_000,
  taxRateMaxBasisPoints: 10_000,
  lineDescriptionMax: 200,
  notesMax: 1_000,
  totalMaxMinor: 1_000_000,
  perYear: 9_999,
  reminderDaysBefore: 3,
} as const;

/**
 * Monthly budgets (decision 0031): the months a budget may be set for, counted from the current
 * month of the person's time zone (two years back to look at past spending, a year ahead to plan),
 * and how many budgets one month may hold (categories × currencies never come near it).
 */
export const BUDGET_LIMITS = {
  monthsBack: 24,
  monthsAhead: 12,
  perMonth: 100,
} as const;

/** Upper bound on every page of a list. */
export const PAGE_SIZE = { default: 20, max: 100 } as const;
