import { describe, expect, it } from 'vitest';
import { INTENTS, type Intent } from '../../../src/protocol';
import { detectIntents, INTENT_RULES, normalizeText } from './intents';

const intentsOf = (text: string): Intent[] => [...detectIntents(text)];

describe('the text rules are matched against', () => {
  it.each([
    ['Hello, World!', 'hello world'],
    ['  ЁЛКИ-палки…  ', 'елки палки'],
    ["I don't understand", 'i dont understand'],
    ['I don’t   understand?!', 'i dont understand'],
    ['what???', 'what'],
    ['', ''],
    ['?! …', ''],
  ])('%j becomes %j', (text, normalized) => {
    expect(normalizeText(text)).toBe(normalized);
  });

  it('every listed phrase is already in normalized form, or it could never match', () => {
    for (const intent of INTENTS) {
      for (const phrase of [...INTENT_RULES[intent].words, ...INTENT_RULES[intent].last]) {
        expect(normalizeText(phrase)).toBe(phrase);
      }
    }
  });
});

describe('intents of a customer message', () => {
  it.each<[string, Intent]>([
    ['hi', 'GREETING'],
    ['Hello!', 'GREETING'],
    ['GOOD MORNING', 'GREETING'],
    ['Привет', 'GREETING'],
    ['Здравствуйте!', 'GREETING'],
    ['Добрый день.', 'GREETING'],
    ['bye', 'GOODBYE'],
    ['Thanks, bye!', 'GOODBYE'],
    ['До свидания', 'GOODBYE'],
    ['Пока', 'GOODBYE'],
    ['спасибо, пока!', 'GOODBYE'],
    ['help', 'HELP'],
    ['Can you help?', 'HELP'],
    ['Помогите!!', 'HELP'],
    ['нужна помощь', 'HELP'],
    ["I don't understand", 'BOT_CONFUSED'],
    ['what?', 'BOT_CONFUSED'],
    ['Sorry, WHAT?', 'BOT_CONFUSED'],
    ['Не понимаю', 'BOT_CONFUSED'],
    ['непонятно', 'BOT_CONFUSED'],
    ['Что?', 'BOT_CONFUSED'],
    ['operator', 'ESCALATE_TO_AGENT'],
    ['I want a HUMAN', 'ESCALATE_TO_AGENT'],
    ['let me talk to a real person', 'ESCALATE_TO_AGENT'],
    ['agent please', 'ESCALATE_TO_AGENT'],
    ['Оператор!', 'ESCALATE_TO_AGENT'],
    ['Хочу поговорить с живым человеком', 'ESCALATE_TO_AGENT'],
    ['живой человек есть?', 'ESCALATE_TO_AGENT'],
    ['Соедините с оператором', 'ESCALATE_TO_AGENT'],
  ])('%j is %s', (text, intent) => {
    expect(intentsOf(text)).toEqual([intent]);
  });

  it.each<[string, Intent[]]>([
    ['Hi! Can you help me? I need an operator', ['GREETING', 'HELP', 'ESCALATE_TO_AGENT']],
    ['Здравствуйте, не понимаю, помогите', ['GREETING', 'HELP', 'BOT_CONFUSED']],
    ['Привет, соедините с оператором. Пока', ['GREETING', 'GOODBYE', 'ESCALATE_TO_AGENT']],
  ])('%j carries several intents, in the list order', (text, intents) => {
    expect(intentsOf(text)).toEqual(intents);
  });

  it.each([
    ['the keyword only inside a longer word', 'What about shipping to Chicago?'],
    ['help inside helpful', 'Thanks for the helpful review'],
    ['agent inside agency', 'Is this the travel agency?'],
    ['hello inside a longer word', 'Othello tickets'],
    ['оператор inside a longer word', 'Операторский пульт сломался'],
    ['пока meaning "yet", not at the end', 'Посылка пока не пришла'],
    ['what asking a question, not at the end', 'What is my balance'],
    ['что in the middle of a question', 'Что с моим заказом'],
    ['an ordinary question', 'Where is my order #12345?'],
  ])('no intent for %s: %j', (_case, text) => {
    expect(intentsOf(text)).toEqual([]);
  });

  it.each(['', '   ', '?!…', '👍'])('no intent in an empty message %j', (text) => {
    expect(intentsOf(text)).toEqual([]);
  });
});
