import { createContext, useContext } from 'react';
import type { ErrorName, ErrorParams, Language } from '../../protocol';
import type { MessageKey } from './message-key';

export type MessageValues = Record<string, string | number>;

/**
 * The language as a screen that only shows fixed texts needs it: no dates or numbers to format.
 * The app's LanguageProvider gives its whole translator here; the landing page (src/landing) gives
 * the sign-in's texts alone, without @formatjs/intl, to stay within its first-paint budget
 * (DESIGN §6). A screen names the keys it uses (`useTexts<Key>()`), so the compiler holds a
 * provider's catalog to them.
 */
export type Texts<Key extends MessageKey = MessageKey> = {
  lang: Language;
  t: (key: Key, values?: MessageValues) => string;
  /** A server error name (spec §8) in this language, placeholders filled from params. */
  error: (name: ErrorName, params?: ErrorParams) => string;
  /** Loads the language's texts, then speaks it; settled once the screen has switched. */
  setLang: (lang: Language) => Promise<void>;
};

/**
 * Its own context, beside I18nContext: imported from this file, a screen's texts bring neither
 * @formatjs/intl nor the shell's catalog into a bundle.
 */
export const TextsContext = createContext<Texts | null>(null);

/** The texts of the screen's language; `Key` is every key the screen gives `t`. */
export function useTexts<Key extends MessageKey = MessageKey>(): Texts<Key> {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useTexts outside a TextsContext provider');
  return texts;
}
