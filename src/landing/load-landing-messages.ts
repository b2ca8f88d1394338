import type { Language } from '../protocol';
import type { LandingCatalog } from './landing-catalog';

/**
 * One chunk per language: the page loads the one it shows, which index.html preloads beside the
 * page's script (vite.config.ts, `startChunkPreload`), and the other when the user switches.
 */
const LOADERS: Record<Language, () => Promise<LandingCatalog>> = {
  en: () => import('./landing-messages-en').then((module) => module.MESSAGES),
  ru: () => import('./landing-messages-ru').then((module) => module.MESSAGES),
};

export function loadLandingMessages(lang: Language): Promise<LandingCatalog> {
  return LOADERS[lang]();
}
