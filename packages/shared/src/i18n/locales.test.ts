import { describe, expect, it } from 'vitest';
import { chooseLocale, mailLocale, negotiateLocale, parseAcceptLanguage } from './locales.ts';

describe('language negotiation', () => {
  it('reads an Accept-Language header by weight, leaving out q=0 and *', () => {
    expect(parseAcceptLanguage('de-CH, fr;q=0.8, en;q=0.9, *;q=0.1, it;q=0')).toEqual([
      'de-CH',
      'en',
      'fr',
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage('nl;q=abc')).toEqual([]);
  });

  it('takes the first supported language, by its base', () => {
    expect(negotiateLocale(['it-IT', 'de-AT', 'en'])).toBe('de');
    expect(negotiateLocale(['FR_be'])).toBe('fr');
    expect(negotiateLocale(['it', 'pt-BR'])).toBeNull();
    expect(negotiateLocale([])).toBeNull();
  });

  it('on a page: the person’s choice, then the assessment’s, then the browser’s, then English', () => {
    expect(chooseLocale({ chosen: 'nl', assessment: 'de', browser: ['fr'] })).toBe('nl');
    expect(chooseLocale({ chosen: 'xx', assessment: 'de', browser: ['fr'] })).toBe('de');
    expect(chooseLocale({ chosen: null, assessment: null, browser: ['es-MX', 'fr'] })).toBe('es');
    expect(chooseLocale({ browser: ['ja'] })).toBe('en');
    expect(chooseLocale({})).toBe('en');
  });

  it('in an e-mail: the assessment’s, then the recipient’s last known, then English', () => {
    expect(mailLocale('fr', 'de')).toBe('fr');
    expect(mailLocale(null, 'de')).toBe('de');
    expect(mailLocale(undefined, 'pt')).toBe('en');
    expect(mailLocale()).toBe('en');
  });
});
