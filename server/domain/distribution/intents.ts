import { INTENTS, type Intent } from '../../../src/protocol';

/**
 * Intent detection: a fixed, documented rule set rather than a model, so an administrator can
 * predict which rule a message meets and tests can pin every word (docs/distribution.md).
 *
 * - `words`: the phrase appears anywhere as whole words. Inflections are listed, not stemmed:
 *   "help" is not found in "helpful", and Russian forms ("оператора", "оператором") are spelled
 *   out, so nothing matches by accident.
 * - `last`: the phrase ends the message. For words that mean something else mid-sentence:
 *   "пока" is "bye" in "спасибо, пока" but "yet" in "пока не пришло"; "what?" is confusion
 *   but "what is my balance" is a question.
 *
 * Escalation words are deliberately broad ("agent", "human"): routing a customer to a person by
 * mistake costs less than keeping one who asked for a person with a bot.
 */
export const INTENT_RULES: Record<
  Intent,
  { readonly words: readonly string[]; readonly last: readonly string[] }
> = {
  GREETING: {
    words: [
      'hi',
      'hello',
      'hey',
      'good morning',
      'good afternoon',
      'good evening',
      'greetings',
      'привет',
      'приветствую',
      'здравствуйте',
      'здравствуй',
      'здрасте',
      'здрасьте',
      'добрый день',
      'доброе утро',
      'добрый вечер',
    ],
    last: [],
  },
  GOODBYE: {
    words: [
      'bye',
      'goodbye',
      'good bye',
      'see you later',
      'see ya',
      'good night',
      'have a nice day',
      'до свидания',
      'досвидания',
      'до встречи',
      'всего доброго',
      'всего хорошего',
      'хорошего дня',
      'спокойной ночи',
      'прощайте',
    ],
    last: ['пока'],
  },
  HELP: {
    words: ['help', 'assist', 'assistance', 'помогите', 'помоги', 'помочь', 'помощь', 'помощи'],
    last: [],
  },
  BOT_CONFUSED: {
    words: [
      'i dont understand',
      'dont understand',
      'do not understand',
      'didnt understand',
      'not clear',
      'unclear',
      'confused',
      'makes no sense',
      'doesnt make sense',
      'what do you mean',
      'не понимаю',
      'не понял',
      'не поняла',
      'не понятно',
      'непонятно',
      'что это значит',
      'что вы имеете в виду',
    ],
    last: ['what', 'huh', 'что', 'чего'],
  },
  ESCALATE_TO_AGENT: {
    words: [
      'operator',
      'human',
      'real person',
      'live person',
      'agent',
      'оператор',
      'оператора',
      'оператору',
      'оператором',
      'операторы',
      'живой человек',
      'живого человека',
      'живым человеком',
      'живому человеку',
      'консультант',
      'консультанта',
      'консультантом',
      'специалист',
      'специалиста',
      'специалистом',
    ],
    last: [],
  },
};

/**
 * The text the rules are matched against: lower case, ё as е, apostrophes dropped ("don't" is
 * "dont", so both spellings meet one rule), every other non-letter/digit run a single space.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/['’ʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Padding with spaces turns "whole words" into a plain substring test.
const hasWords = (padded: string, phrase: string): boolean => padded.includes(` ${phrase} `);
const endsWith = (padded: string, phrase: string): boolean => padded.endsWith(` ${phrase} `);

/** The intents of a customer's message, in INTENTS order; a message may carry several. */
export function detectIntents(text: string): ReadonlySet<Intent> {
  const normalized = normalizeText(text);
  const found = new Set<Intent>();
  if (normalized === '') return found;
  const padded = ` ${normalized} `;
  for (const intent of INTENTS) {
    const rule = INTENT_RULES[intent];
    if (rule.words.some((p) => hasWords(padded, p)) || rule.last.some((p) => endsWith(padded, p))) {
      found.add(intent);
    }
  }
  return found;
}
