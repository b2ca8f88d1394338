import type { LanguageMessages } from '../../ui/i18n';
import { CATALOGS } from './catalogs';

/**
 * The app's texts in Russian, as createIntl is given them: here the catalogs' texts, which
 * @formatjs/intl parses as it first uses each. The app's build replaces this module with the same
 * messages parsed at build time (vite.config.ts, `compiledMessages`), so a browser loads the
 * one language it shows (load-messages.ts) and no parser.
 */
export const MESSAGES: LanguageMessages = CATALOGS.ru;
