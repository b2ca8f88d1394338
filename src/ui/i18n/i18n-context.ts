import { createContext, useContext } from 'react';
import type { Language } from '../../protocol';
import type { Translator } from './translator';

export type I18n = Translator & {
  setLang: (lang: Language) => void;
  /** The app's texts in another language, for what is said in the language just chosen. */
  translatorFor: (lang: Language) => Translator;
};

/** Provided once by the app shell; screens read it with useI18n. */
export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside an I18nContext provider');
  return i18n;
}
