/**
 * What a bot says of its own, beyond the scenario its administrator wrote: in the organization's
 * language, since a customer's language is not known (spec §9 languages en and ru).
 */
export type BotLanguage = 'en' | 'ru';

const TEXTS = {
  en: {
    limit:
      'You have written more messages than the bot can take in one conversation. An operator will answer you here.',
    limitLink: 'Why?',
  },
  ru: {
    limit:
      'Вы написали больше сообщений, чем бот принимает за один разговор. Оператор ответит вам здесь.',
    limitLink: 'Почему?',
  },
} as const satisfies Record<BotLanguage, Record<string, string>>;

export const botText = (language: BotLanguage, key: keyof (typeof TEXTS)['en']): string =>
  TEXTS[language][key];
