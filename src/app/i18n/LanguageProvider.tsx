import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../protocol';
import {
  I18nContext,
  TextsContext,
  createTranslator,
  type I18n,
  type Translator,
} from '../../ui/i18n';
import { readLanguage, storeLanguage } from '../../ui/i18n/language-storage';
import { loadMessages, loadedMessages } from './load-messages';

/** The app's every text in one language loaded before (main.tsx loads the stored one). */
const translatorFor = (lang: Language): Translator => createTranslator(lang, loadedMessages(lang));

/** Holds the interface language: read once at start, switched from the shell, kept across reloads. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(readLanguage);
  const setLang = useCallback(async (next: Language) => {
    // The new language's texts first: the screen never shows keys while they load.
    await loadMessages(next);
    storeLanguage(next);
    document.documentElement.lang = next;
    setLangState(next);
  }, []);
  const i18n = useMemo<I18n>(
    () => ({ ...translatorFor(lang), setLang, translatorFor }),
    [lang, setLang],
  );
  // The same language for screens that show only texts (the sign-in, the language switch).
  return (
    <I18nContext value={i18n}>
      <TextsContext value={i18n}>{children}</TextsContext>
    </I18nContext>
  );
}
