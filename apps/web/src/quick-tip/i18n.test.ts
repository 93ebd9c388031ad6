import { LANGUAGES } from '@ztart/shared/languages';
import { describe, expect, it } from 'vitest';
import { detectLanguage, translate } from './i18n.ts';
import { en, type MessageKey } from './messages/en.ts';
import { es } from './messages/es.ts';
import { fr } from './messages/fr.ts';
import { pt } from './messages/pt.ts';

describe('the quick-tip page’s language', () => {
  it('follows the link’s lang first, then the language chosen in the app, then the browser', () => {
    expect(detectLanguage('?to=ana_1&lang=fr', 'es', ['pt-BR'])).toBe('fr');
    expect(detectLanguage('?to=ana_1', 'es', ['pt-BR'])).toBe('es');
    expect(detectLanguage('?to=ana_1', null, ['de-DE', 'pt-BR'])).toBe('pt');
    expect(detectLanguage('?to=ana_1', null, ['de-DE'])).toBe('en');
  });

  it('skips what it has no catalogue for', () => {
    expect(detectLanguage('?lang=de', 'it', ['es-MX'])).toBe('es');
    expect(detectLanguage('?lang=PT-br', null, [])).toBe('pt');
  });

  it('fills in the values of a message', () => {
    expect(translate('en', 'page.tipTitle', { name: 'Maria Santos' })).toBe('Tip Maria Santos');
    expect(translate('es', 'amount.range', { min: '1,00 US$', max: '100,00 US$' })).toBe(
      'De 1,00 US$ a 100,00 US$',
    );
  });

  it('says the spec’s sentences: no account needed, and the failure of a tip', () => {
    expect(translate('en', 'page.noAccount')).toMatch(/No account required/);
    expect(translate('en', 'done.pendingTitle')).toBe('Tip sent — pending until your card settles');
    expect(translate('en', 'error.tip_failed')).toMatch(/^Failed to send tip/);
  });
});

describe('the quick-tip catalogues', () => {
  const catalogues = { en, es, fr, pt };
  const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

  it('exist for every language of the app', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [language, messages] of Object.entries(catalogues)) {
    it(`${language} has every key, none empty, with English's placeholders`, () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as MessageKey[]) {
        expect(messages[key].trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(messages[key]), `${language} ${key}`).toEqual(placeholders(en[key]));
      }
    });
  }
});
