import type { Language } from '../../protocol';

/** Spec §3/§4: the interface language is stored under `sc-lang` as `eng` or `rus`; English when nothing is stored. */
export const LANGUAGE_KEY = 'sc-lang';

const STORED: Record<Language, string> = { en: 'eng', ru: 'rus' };

export function languageFromStored(stored: string | null): Language {
  return stored === STORED.ru ? 'ru' : 'en';
}

export const storedFromLanguage = (lang: Language): string => STORED[lang];

export function readLanguage(storage: Pick<Storage, 'getItem'> = localStorage): Language {
  try {
    return languageFromStored(storage.getItem(LANGUAGE_KEY));
  } catch {
    return 'en';
  }
}

export function storeLanguage(
  lang: Language,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(LANGUAGE_KEY, storedFromLanguage(lang));
  } catch (error) {
    console.warn('The language choice could not be stored', error);
  }
}
