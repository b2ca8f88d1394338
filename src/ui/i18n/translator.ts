import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { errorText, type ErrorName, type ErrorParams, type Language } from '../../protocol';
import type { MessageKey } from './messages-en';
import { INTL_MESSAGES } from './intl-messages';

export type MessageValues = Record<string, string | number>;

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

export function createTranslator(lang: Language): Translator {
  const intl = createIntl(
    { locale: lang, defaultLocale: 'en', messages: INTL_MESSAGES[lang] },
    cache,
  );
  return {
    lang,
    intl,
    t: (key, values) => intl.formatMessage({ id: key }, values),
    error: (name, params) => errorText(name, lang, params),
  };
}
