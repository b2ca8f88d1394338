import { createContext, useContext } from 'react';
import type { Language } from '../../protocol';
import type { Translator } from './translator';

export type I18n = Translator & {
  /** Loads the language's texts, then speaks it; settled once the screen has switched. */
  setLang: (lang: Language) => Promise<void>;
  /** The app's texts in a language loaded before (setLang), for what is said in it. */
  translatorFor: (lang: Language) => Translator;
};

/** Provided once by the app shell; screens read it with useI18n. */
export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside an I18nContext provider');
  return i18n;
}
