import type { Language } from '../../protocol';
import { MESSAGES_EN, type MessageKey } from './messages-en';
import { MESSAGES_RU } from './messages-ru';

/** Every text of the interface, by language (spec §1: English is the default). */
export const CATALOGS: Record<Language, Record<MessageKey, string>> = {
  en: MESSAGES_EN,
  ru: MESSAGES_RU,
};
