import type { Language } from '../../protocol';
import type { LanguageMessages } from '../../ui/i18n';
import { CATALOGS } from './catalogs';

/**
 * The messages createIntl is given, by language: here the catalogs' texts, which @formatjs/intl
 * parses as it first uses each. The app's build replaces this module with the same messages
 * parsed at build time (vite.config.ts, `compiledMessages`, through compile-messages.ts) and
 * leaves the parser out of the bundle.
 */
export const INTL_MESSAGES: Record<Language, LanguageMessages> = CATALOGS;
