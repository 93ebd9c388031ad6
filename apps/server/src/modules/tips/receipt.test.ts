import { LANGUAGES } from '@ztart/shared/languages';
import { describe, expect, it } from 'vitest';
import type { TipReceiptParams } from '../../integrations/messages/catalogue.ts';
import { CATALOGUES, renderMail } from '../../integrations/messages/render.ts';
import { tipPageUrl } from './receipt.ts';
import { browserLanguageOf } from './service.ts';

const params: TipReceiptParams = {
  amount: '$5.00',
  receiver: 'María Pérez (@maria_waits)',
  card: { brand: 'Visa', last4: '4242' },
  message: '<b>Bravo</b> & thanks',
  date: 'May 10, 2026 at 9:00 AM UTC',
  receiptNumber: '6f1c1e9e-2a52-4d1f-9d0e-8f7a3b1c2d3e',
  pending: true,
  link: 'https://tips.example.com/quick-tip?to=maria_waits',
};

describe('tip receipt', () => {
  it.each(LANGUAGES)(
    'is written in %s, with the amount, receiver, card, receipt number and link',
    (language) => {
      const mail = renderMail(language, { kind: 'tipReceipt', params });
      const english = renderMail('en', { kind: 'tipReceipt', params });

      for (const value of [params.amount, params.receiver, '4242', params.receiptNumber, params.link]) {
        expect(mail.text, `${language}: ${value}`).toContain(value);
      }
      expect(mail.html).toContain(`href="${params.link}"`);
      expect(mail.subject).toContain(params.amount);
      if (language !== 'en') {
        expect(mail.subject).not.toBe(english.subject);
        expect(mail.text).not.toBe(english.text);
      }
      const sms = CATALOGUES[language].tipReceiptSms({
        amount: params.amount,
        receiver: '@maria_waits',
        receiptNumber: params.receiptNumber,
        pending: false,
      });
      expect(sms).toContain(params.receiptNumber);
      expect(sms).toContain('@maria_waits');
    },
  );

  it('says whether the tip is still pending, and how it was paid', () => {
    const pending = renderMail('en', { kind: 'tipReceipt', params }).text;
    const fromBalance = renderMail('en', {
      kind: 'tipReceipt',
      params: { ...params, card: null, pending: false, message: null },
    }).text;

    expect(pending).toContain('Paid with: Visa •••• 4242');
    expect(pending).toContain('Your card issuer still has to confirm the payment');
    expect(fromBalance).toContain('Paid with: your Ztart Tips balance');
    expect(fromBalance).toContain('The tip has reached its receiver.');
    expect(fromBalance).not.toContain('Your message');
  });

  it('escapes the payer’s message in the HTML body', () => {
    const mail = renderMail('en', { kind: 'tipReceipt', params });

    expect(mail.html).not.toContain('<b>Bravo</b>');
    expect(mail.html).toContain('&lt;b&gt;Bravo&lt;/b&gt; &amp; thanks');
  });

  it('links to the receiver’s quick-tip page', () => {
    expect(tipPageUrl('https://tips.example.com', 'maria_waits')).toBe(
      'https://tips.example.com/quick-tip?to=maria_waits',
    );
    expect(tipPageUrl('https://tips.example.com', null)).toBe('https://tips.example.com/quick-tip');
  });

  it('takes the first language the browser asks for, English when it is none of ours', () => {
    expect(browserLanguageOf('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(browserLanguageOf('pt-BR')).toBe('pt');
    expect(browserLanguageOf('fr;q=0.9')).toBe('fr');
    expect(browserLanguageOf('de-DE,de;q=0.9')).toBe('en');
    expect(browserLanguageOf(undefined)).toBe('en');
  });
});
