import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../protocol';
import { I18nContext, createTranslator, type I18n, type Translator } from '../../ui/i18n';
import { INTL_MESSAGES } from './intl-messages';
import { readLanguage, storeLanguage } from './language-storage';

/** The app's every text in one language (src/app/i18n/catalogs.ts, parsed by the build). */
const translatorFor = (lang: Language): Translator => createTranslator(lang, INTL_MESSAGES[lang]);

/** Holds the interface language: read once at start, switched from the shell, kept across reloads. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(readLanguage);
  const setLang = useCallback((next: Language) => {
    storeLanguage(next);
    document.documentElement.lang = next;
    setLangState(next);
  }, []);
  const i18n = useMemo<I18n>(
    () => ({ ...translatorFor(lang), setLang, translatorFor }),
    [lang, setLang],
  );
  return <I18nContext value={i18n}>{children}</I18nContext>;
}
