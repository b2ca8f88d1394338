import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../protocol';
import { I18nContext, createTranslator, type I18n } from '../../ui/i18n';
import { readLanguage, storeLanguage } from './language-storage';

/** Holds the interface language: read once at start, switched from the shell, kept across reloads. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(readLanguage);
  const setLang = useCallback((next: Language) => {
    storeLanguage(next);
    document.documentElement.lang = next;
    setLangState(next);
  }, []);
  const i18n = useMemo<I18n>(() => ({ ...createTranslator(lang), setLang }), [lang, setLang]);
  return <I18nContext value={i18n}>{children}</I18nContext>;
}
