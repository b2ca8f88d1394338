import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { errorText, type ErrorName, type ErrorParams, type Language } from '../../protocol';
import type { MessageKey } from './message-key';
import type { MessageValues } from './texts';

/**
 * One language's messages as createIntl takes them: texts, or texts parsed ahead (the app's
 * build parses its catalogs, src/app/i18n/intl-messages-en.ts and -ru.ts).
 */
export type LanguageMessages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Everything a screen needs to speak the user's language. */
export type Translator = {
  lang: Language;
  intl: IntlShape;
  t: (key: MessageKey, values?: MessageValues) => string;
  /** A server error name (spec §8) in this language, placeholders filled from params. */
  error: (name: ErrorName, params?: ErrorParams) => string;
};

// One cache for every language keeps formatters warm across switches.
const cache = createIntlCache();

/**
 * A translator over the given messages of one language: the app gives its joined catalogs
 * (src/app/i18n), a feature's test its own catalog with the shell's.
 */
export function createTranslator(lang: Language, messages: LanguageMessages): Translator {
  const intl = createIntl({ locale: lang, defaultLocale: 'en', messages }, cache);
  return {
    lang,
    intl,
    t: (key, values) => intl.formatMessage({ id: key }, values),
    error: (name, params) => errorText(name, lang, params),
  };
}
