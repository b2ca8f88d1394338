import { landingCatalog } from './landing-catalog';

/**
 * The landing page's texts in Russian. The build replaces this module with the catalog itself
 * (vite.config.ts, `landingMessages`), so the chunk holds these texts and nothing else.
 */
export const MESSAGES = landingCatalog('ru');
