import type { Server } from 'node:http';
import type { Language } from '@ztart/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signUp, signUpAndSignIn, uniqueEmail } from '../test/accounts.ts';
import {
  type CapturedMail,
  capturingTransporter,
  eventually,
  type ReceivedSms,
  startSmsGateway,
  tokensFromCapturedMail,
} from '../test/deliveries.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { CATALOGUES, type MailKind, renderMail } from './messages/render.ts';

describe('production adapters: SMTP through nodemailer and an SMS webhook', () => {
  const mails: CapturedMail[] = [];
  const sms: ReceivedSms[] = [];
  let gateway: Server;
  let testApp: TestApp;
  beforeAll(async () => {
    const started = await startSmsGateway(sms);
    gateway = started.server;
    testApp = await buildTestApp({
      config: { smsWebhookUrl: started.url, mailFrom: 'Ztart Tips <hello@tips.example.com>' },
      mailTransporter: capturingTransporter(mails),
    });
  });
  afterAll(async () => {
    await testApp.close();
    gateway.close();
  });

  it('sends mail with a text and an HTML body from MAIL_FROM, and keeps nothing in the outbox', async () => {
    const email = uniqueEmail();
    await signUp(testApp.app, { email, language: 'es' });

    const mail = await eventually(() => mails.find((candidate) => candidate.to === email));

    expect(mail).toMatchObject({
      from: 'Ztart Tips <hello@tips.example.com>',
      subject: 'Confirma tu correo electrónico en Ztart Tips',
    });
    expect(mail.text).toContain('http://localhost:3000/auth?mode=verify-email&token=');
    expect(mail.html).toContain('<a href="http://localhost:3000/auth?mode=verify-email&amp;token=');
    expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json()).toEqual([]);
  });

  it('posts SMS as JSON {to, text} to the webhook', async () => {
    const person = await signUpAndSignIn(testApp.app, { tokenFrom: tokensFromCapturedMail(mails) });

    const answer = await testApp.app.inject(
      as(person, { method: 'POST', url: '/api/auth/phone/start', payload: { phone: '+15557654321' } }),
    );

    expect(answer.statusCode).toBe(202);
    const posted = await eventually(() => sms[0]);
    expect(posted).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: {
        to: '+15557654321',
        text: expect.stringMatching(/^Ztart Tips: your verification code is \d{6}\./),
      },
    });
  });
});

describe('message catalogue', () => {
  const link = 'https://tips.example.com/auth?mode=verify-email&token=abc';
  const signInUrl = 'https://tips.example.com/auth';
  const every: MailKind[] = [
    { kind: 'verifyEmail', params: { link, hours: 24 } },
    { kind: 'accountExists', params: { signInUrl } },
    { kind: 'resetPassword', params: { link, minutes: 60 } },
    { kind: 'confirmNewEmail', params: { link, hours: 24 } },
    { kind: 'emailChangeRequested', params: { newEmail: 'new@example.com', signInUrl } },
    { kind: 'passwordChanged', params: { signInUrl } },
    { kind: 'signInFailures', params: { attempts: 5, signInUrl } },
  ];

  it.each(Object.keys(CATALOGUES) as Language[])(
    'has every mail in %s, its link in both bodies',
    (language) => {
      for (const mail of every) {
        const rendered = renderMail(language, mail);
        const english = renderMail('en', mail);
        const url = 'link' in mail.params ? mail.params.link : mail.params.signInUrl;
        expect(rendered.text, mail.kind).toContain(url);
        expect(rendered.html, mail.kind).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
        expect(rendered.html).toMatch(/^<!doctype html>/);
        if (language !== 'en') {
          expect(rendered.subject, `${language} ${mail.kind}`).not.toBe(english.subject);
          expect(rendered.text, `${language} ${mail.kind}`).not.toBe(english.text);
        }
      }
      expect(CATALOGUES[language].phoneCodeSms({ code: '012345', minutes: 10 })).toContain('012345');
    },
  );

  it('escapes values in the HTML body', () => {
    const mail = renderMail('en', {
      kind: 'emailChangeRequested',
      params: { newEmail: '"><img src=x>@example.com', signInUrl: 'https://tips.example.com/auth' },
    });

    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x&gt;@example.com');
  });
});
