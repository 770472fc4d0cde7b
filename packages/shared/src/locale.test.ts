import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, matchLocale } from './locale';

describe('matchLocale', () => {
  it('treats every English variant, en-GB included, as en-US', () => {
    expect(matchLocale('en-GB')).toBe('en-US');
    expect(matchLocale('en')).toBe('en-US');
    expect(matchLocale('EN_au')).toBe('en-US');
  });
  it('maps Italian variants to it-IT and rejects unsupported languages', () => {
    expect(matchLocale('it-CH')).toBe('it-IT');
    expect(matchLocale('de-DE')).toBeNull();
    expect(matchLocale('')).toBeNull();
    expect(matchLocale(undefined)).toBeNull();
  });
});

describe('languageFromAcceptLanguage', () => {
  it('defaults to Italian', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('it');
    expect(languageFromAcceptLanguage('fr-FR, de;q=0.8')).toBe('it');
  });
  it('honours q-values and order', () => {
    expect(languageFromAcceptLanguage('en-US')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR, en;q=0.9, it;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.5, it;q=0.9')).toBe('it');
    expect(languageFromAcceptLanguage('en;q=0, it;q=0.1')).toBe('it');
  });
});
