import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorText, type ErrorName, type Language } from '../protocol';
import { SHELL_EN } from '../ui/i18n/shell-messages-en';
import { SHELL_RU } from '../ui/i18n/shell-messages-ru';
import { createTranslator } from '../ui/i18n/translator';
import { AUTH_EN, AUTH_RU } from '../features/auth/auth-messages';
import { SIGN_IN_ERRORS } from '../features/auth/sign-in-fields';
import { LANDING_KEYS, landingCatalog } from './landing-catalog';
import { landingTexts } from './landing-texts';

const LANGUAGES: Language[] = ['en', 'ru'];
const setLang = () => Promise.resolve();
const texts = (lang: Language) => landingTexts(lang, landingCatalog(lang), setLang);
// The app's translator (@formatjs/intl) over the same texts the landing page picks from.
const app = (lang: Language) =>
  createTranslator(lang, lang === 'en' ? { ...SHELL_EN, ...AUTH_EN } : { ...SHELL_RU, ...AUTH_RU });

describe("the landing page's texts", () => {
  it.each(LANGUAGES)('read in %s as the app reads them, key for key', (lang) => {
    const landing = texts(lang);
    for (const key of LANDING_KEYS) expect(landing.t(key), key).toBe(app(lang).t(key));
  });

  it.each(LANGUAGES)(
    'hold in %s every error the sign-in shows, as the protocol words it',
    (lang) => {
      const landing = texts(lang);
      for (const name of SIGN_IN_ERRORS)
        expect(landing.error(name, { field: 'email' }), name).toBe(
          errorText(name, lang, { field: 'email' }),
        );
    },
  );

  it('hold one language each, and nothing beyond the sign-in', () => {
    const catalog = landingCatalog('ru');
    expect(Object.keys(catalog.texts).sort()).toEqual([...LANDING_KEYS].sort());
    expect(Object.keys(catalog.errors).sort()).toEqual([...SIGN_IN_ERRORS].sort());
    expect(catalog.texts['login.title']).toBe('Вход');
  });

  it('say that something went wrong, in the page language, for an error the sign-in does not expect', () => {
    const name: ErrorName = 'CHAT_NOT_FOUND';
    expect(Object.hasOwn(ERROR_TEXTS, name)).toBe(true);
    expect(texts('ru').error(name)).toBe(errorText('UNKNOWN_ERROR', 'ru'));
  });
});
