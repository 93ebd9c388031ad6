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
  phoneCodeSms(params: { code: string; minutes: number }): string;
}
