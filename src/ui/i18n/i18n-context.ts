import { createContext, useContext } from 'react';
import type { Language } from '../../protocol';
import type { Texts } from './texts';
import type { Translator } from './translator';

/** The app's whole language: its texts (a Texts as well), and dates and numbers through `intl`. */
export type I18n = Translator &
  Pick<Texts, 'setLang'> & {
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
