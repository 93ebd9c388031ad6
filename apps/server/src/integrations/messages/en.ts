import type { MessageCatalogue } from './catalogue.ts';

export const en: MessageCatalogue = {
  greeting: 'Hello,',
  signature: 'The Ztart Tips team',
  footer: 'Ztart Tips · This is an automatic message; replies are not read.',
  linkFallback: 'If the button does not work, copy this address into your browser:',
  verifyEmail: ({ link, hours }) => ({
    subject: 'Confirm your email address for Ztart Tips',
    paragraphs: [
      'Welcome to Ztart Tips!',
      'Please confirm that this is your email address, so that you can sign in.',
    ],
    action: { label: 'Confirm my email address', url: link },
    after: [
      `The link works once and expires in ${hours} hours.`,
      'If you did not create an account, you can ignore this email.',
    ],
  }),
  accountExists: ({ signInUrl }) => ({
    subject: 'Someone tried to sign up with your email address',
    paragraphs: [
      'Someone just tried to create a Ztart Tips account with this email address, but you already have one.',
      'If it was you, sign in instead. If you have forgotten your password, choose “Forgot password?” on the sign-in page.',
    ],
    action: { label: 'Sign in to Ztart Tips', url: signInUrl },
    after: ["If it wasn't you, you can ignore this email: nothing has changed in your account."],
  }),
  resetPassword: ({ link, minutes }) => ({
    subject: 'Reset your Ztart Tips password',
    paragraphs: ['We received a request to reset the password of your Ztart Tips account.'],
    action: { label: 'Choose a new password', url: link },
    after: [
      `The link works once and expires in ${minutes} minutes.`,
      'If you did not ask for this, ignore this email: your password stays the same.',
    ],
  }),
  confirmNewEmail: ({ link, hours }) => ({
    subject: 'Confirm your new email address',
    paragraphs: [
      'You asked to use this address for your Ztart Tips account.',
      'Your account keeps its current address until you confirm this one.',
    ],
    action: { label: 'Confirm my new address', url: link },
    after: [
      `The link works once and expires in ${hours} hours.`,
      'If you did not ask for this, you can ignore this email.',
    ],
  }),
  emailChangeRequested: ({ newEmail, signInUrl }) => ({
    subject: 'The email address of your Ztart Tips account is about to change',
    paragraphs: [
      `Someone signed in to your account asked to change its email address to ${newEmail}.`,
      'The change happens only when the link sent to the new address is opened.',
      'If this was not you, sign in and change your password now, then sign out your other sessions.',
    ],
    action: { label: 'Sign in to Ztart Tips', url: signInUrl },
  }),
  businessInvitation: ({ business, inviter, link }) => ({
    subject: `${inviter} invites you to the team of ${business}`,
    paragraphs: [
      `${inviter} invites you to join the team of ${business} on Ztart Tips. As a member you can receive your share of the tips the business collects.`,
      'Sign in (or create your account with this email address) to accept or decline the invitation.',
    ],
    action: { label: 'See the invitation', url: link },
  }),
  passwordChanged: ({ signInUrl }) => ({
    subject: 'Your Ztart Tips password was changed',
    paragraphs: [
      'The password of your Ztart Tips account was just changed, and your other sessions were signed out.',
      'If this was not you, reset your password at once with “Forgot password?” on the sign-in page, and contact our support.',
    ],
    action: { label: 'Sign in', url: signInUrl },
  }),
  signInFailures: ({ attempts, signInUrl }) => ({
    subject: 'Failed sign-ins to your Ztart Tips account',
    paragraphs: [
      `Someone just tried ${attempts} times in a row to sign in to your Ztart Tips account with a wrong password. Nobody got in.`,
      'To protect your account, each new try now has to wait a little longer than the last.',
      'If it was you, wait a moment and try again, or choose “Forgot password?” on the sign-in page to set a new password.',
    ],
    action: { label: 'Go to sign-in', url: signInUrl },
    after: [
      'If it was not you, your money is safe. To be sure it stays so, set a new password with “Forgot password?”, one that you use nowhere else.',
    ],
  }),
  phoneCodeSms: ({ code, minutes }) =>
    `Ztart Tips: your verification code is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`,
  tipReceipt: ({ amount, receiver, card, message, date, receiptNumber, pending, link }) => ({
    subject: `Your receipt: ${amount} tip to ${receiver}`,
    paragraphs: [
      `Thank you for your tip of ${amount} to ${receiver}.`,
      ...(message ? [`Your message: “${message}”`] : []),
      `Paid with: ${card ? `${card.brand} •••• ${card.last4}` : 'your Ztart Tips balance'}`,
      `Date: ${date}`,
      `Receipt number: ${receiptNumber}`,
      pending
        ? 'Your card issuer still has to confirm the payment; the tip reaches its receiver as soon as it does. If it is not confirmed, the authorization is released and nothing is charged.'
        : 'The tip has reached its receiver.',
    ],
    action: { label: 'Open the tip page', url: link },
    after: [
      card
        ? 'If you did not make this payment, contact your bank or card issuer.'
        : 'If you did not send this tip, sign in and change your password now.',
    ],
  }),
  tipReceiptSms: ({ amount, receiver, receiptNumber, pending }) =>
    `Ztart Tips: you tipped ${amount} to ${receiver}. Receipt ${receiptNumber}.${pending ? ' Pending until your card issuer confirms it.' : ''}`,
};
