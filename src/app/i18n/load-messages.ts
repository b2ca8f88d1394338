import type { Language } from '../../protocol';
import type { LanguageMessages } from '../../ui/i18n';

/**
 * Each language's texts are a chunk of their own: a first paint loads only the language it shows
 * (DESIGN §6), and index.html preloads that chunk beside the app's script (vite.config.ts,
 * `startChunkPreload`). Switching language loads the other one first.
 */
const LOADERS: Record<Language, () => Promise<LanguageMessages>> = {
  en: () => import('./intl-messages-en').then((module) => module.MESSAGES),
  ru: () => import('./intl-messages-ru').then((module) => module.MESSAGES),
};

const loading = new Map<Language, Promise<LanguageMessages>>();
const loaded = new Map<Language, LanguageMessages>();

/** The language's texts, fetched once; a failed fetch is tried again on the next call. */
export function loadMessages(lang: Language): Promise<LanguageMessages> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then(
      (messages) => {
        loaded.set(lang, messages);
        return messages;
      },
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/** The texts of a language already loaded; asking for another is a mistake of the caller. */
export function loadedMessages(lang: Language): LanguageMessages {
  const messages = loaded.get(lang);
  if (!messages) throw new Error(`The ${lang} texts are used before loadMessages('${lang}')`);
  return messages;
}
