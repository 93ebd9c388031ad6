/** One mail before it is laid out: the renderer turns it into a text and an HTML body. */
export interface MailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the action (expiry, "ignore this if it was not you"). */
  after?: string[];
}

/** The texts of every mail and SMS in one language. Values are inserted as given; the renderer escapes them. */
export interface MessageCatalogue {
  greeting: string;
  signature: string;
  footer: string;
  /** Shown under the button in case it cannot be clicked. */
  linkFallback: string;
  verifyEmail(params: { link: string; hours: number }): MailContent;
  /** To the owner of an address someone tried to sign up with. */
  accountExists(params: { signInUrl: string }): MailContent;
  resetPassword(params: { link: string; minutes: number }): MailContent;
  /** To the new address of an email change. */
  confirmNewEmail(params: { link: string; hours: number }): MailContent;
  /** To the current address when a change to another one is asked. */
  emailChangeRequested(params: { newEmail: string; signInUrl: string }): MailContent;
  passwordChanged(params: { signInUrl: string }): MailContent;
  /** To the owner after failed sign-ins in a row (SIGN_IN_BACKOFF.notifyAfterFailures). */
  signInFailures(params: { attempts: number; signInUrl: string }): MailContent;
  phoneCodeSms(params: { code: string; minutes: number }): string;
  /** To someone invited to a business's team (by ztartag or email). */
  businessInvitation(params: { business: string; inviter: string; link: string }): MailContent;
  /** To whoever paid a tip and left a contact for its receipt (often someone without an account). */
  tipReceipt(params: TipReceiptParams): MailContent;
  tipReceiptSms(params: TipReceiptSmsParams): string;
}

/** Values arrive formatted for the mail's language (amount, date); names as people wrote them. */
export interface TipReceiptParams {
  /** e.g. "US$ 5,00". */
  amount: string;
  /** "María Pérez (@maria_waits)". */
  receiver: string;
  /** The card it was paid with; null when it came from the payer's Ztart Tips balance. */
  card: { brand: string; last4: string } | null;
  /** The payer's message to the receiver, when there was one. */
  message: string | null;
  date: string;
  receiptNumber: string;
  /** Authorized by the card but not yet confirmed by the issuer (a tip from a balance is at once). */
  pending: boolean;
  /** The receiver's quick-tip page, to tip again. */
  link: string;
}

export interface TipReceiptSmsParams {
  amount: string;
  /** "@maria_waits": an SMS has little room. */
  receiver: string;
  receiptNumber: string;
  pending: boolean;
}
