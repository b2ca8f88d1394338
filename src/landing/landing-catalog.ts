import { ERROR_TEXTS, type Language } from '../protocol';
import { SHELL_EN } from '../ui/i18n/shell-messages-en';
import { SHELL_RU } from '../ui/i18n/shell-messages-ru';
import type { MessageKey } from '../ui/i18n/message-key';
import { AUTH_EN, AUTH_RU, type SignInKey } from '../features/auth/auth-messages';
import { SIGN_IN_ERRORS, type SignInError } from '../features/auth/sign-in-fields';

/**
 * Every key the landing page shows: the sign-in screen's (SignInKey), the links under its form
 * and the language switch's label.
 */
export const LANDING_KEYS = [
  ...(Object.keys(AUTH_EN) as (keyof typeof AUTH_EN)[]),
  'title.home',
  'form.required',
  'form.invalid',
  'login.forgot',
  'login.signup',
  'menu.language',
] as const satisfies readonly MessageKey[];

export type LandingKey = (typeof LANDING_KEYS)[number];

type Missing = Exclude<SignInKey, LandingKey>;
/**
 * The compiler holds the list to the sign-in screen's keys: a key the screen starts using and the
 * list lacks fails to compile here, naming the key, rather than showing raw on the page.
 */
export const COVERS_SIGN_IN: [Missing] extends [never] ? true : Missing = true;

/** One language's texts of the landing page: its keys, and the errors the sign-in can show. */
export type LandingCatalog = {
  texts: Record<LandingKey, string>;
  errors: Record<SignInError, string>;
};

const SOURCES: Record<Language, Record<LandingKey, string>> = {
  en: { ...SHELL_EN, ...AUTH_EN },
  ru: { ...SHELL_RU, ...AUTH_RU },
};

/**
 * The landing page's catalog in one language, picked from the app's catalogs and the protocol's
 * error texts. The build runs this and ships the result alone, one chunk per language
 * (vite.config.ts, `landingMessages`), so the page carries neither the other catalogs nor the
 * other language.
 */
export function landingCatalog(lang: Language): LandingCatalog {
  const source = SOURCES[lang];
  const texts = Object.fromEntries(LANDING_KEYS.map((key) => [key, source[key]]));
  const errors = Object.fromEntries(SIGN_IN_ERRORS.map((name) => [name, ERROR_TEXTS[name][lang]]));
  return {
    texts: texts as LandingCatalog['texts'],
    errors: errors as LandingCatalog['errors'],
  };
}
