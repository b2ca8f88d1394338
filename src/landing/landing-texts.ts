import type { ErrorName, Language } from '../protocol';
import type { MessageKey } from '../ui/i18n/message-key';
import type { MessageValues, Texts } from '../ui/i18n/texts';
import type { SignInError } from '../features/auth/sign-in-fields';
import type { LandingCatalog, LandingKey } from './landing-catalog';

const fill = (template: string, values: MessageValues = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });

/**
 * The landing page's texts over one language's catalog. Its texts are plain (a test checks each
 * reads as @formatjs/intl formats it in the app), so a placeholder filled in is all the formatting
 * they need, and @formatjs/intl stays out of the page.
 */
export function landingTexts(
  lang: Language,
  catalog: LandingCatalog,
  setLang: Texts['setLang'],
): Texts {
  const hasText = (key: MessageKey): key is LandingKey => Object.hasOwn(catalog.texts, key);
  const hasError = (name: ErrorName): name is SignInError => Object.hasOwn(catalog.errors, name);
  return {
    lang,
    t: (key, values) => {
      if (hasText(key)) return fill(catalog.texts[key], values);
      console.warn(`The landing page has no text for ${key}`);
      return key;
    },
    // The sign-in's errors are all here (SIGN_IN_ERRORS); another name from a newer server
    // still says that something went wrong, in the page's language.
    error: (name, params) =>
      fill(hasError(name) ? catalog.errors[name] : catalog.errors.UNKNOWN_ERROR, params),
    setLang,
  };
}
