import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { createTranslator, type MessageKey } from '../../ui/i18n';
import { CATALOG_PARTS, CATALOGS } from './catalogs';
import { compileCatalogs } from './compile-messages';
import { joinCatalogs } from './join-catalogs';

const keys = (lang: 'en' | 'ru') => Object.keys(CATALOGS[lang]).sort();
const translator = (lang: 'en' | 'ru') => createTranslator(lang, CATALOGS[lang]);

// Values that satisfy every placeholder of the catalogs, so each message can be formatted.
const SAMPLE_VALUES = {
  count: 3,
  username: 'birch.bakery',
  account: '@birch.bakery',
  provider: 'Instagram',
  type: 'Telegram',
  name: 'photo.png',
  min: 1,
  rights: 'Finance, Roles',
  max: 10,
  channel: 'Website chat',
  operator: 'Oscar Operator',
  from: 'Sam Supervisor',
  to: 'Oscar Operator',
  team: 'Support',
  bot: 'Front desk',
  category: 'Delivery',
  rating: 4,
  minutes: 10,
  organization: 'Demo Store',
  // The client settings screens (src/features/client-settings).
  at: '25 Nov 2026, 19:55',
  value: '+79121234567',
  status: 'VIP',
  chats: 2,
  comments: 1,
  merged: 'Ann',
  survivor: 'Ann Lee',
  // The reports pages (src/features/reports) and the online monitoring (src/features/monitoring).
  zone: 'Europe/Berlin',
  column: 'In queue',
  time: '19:55:04',
  reason: 'INVALID_FORMAT',
  variable: 'one',
  first: 'one',
  second: 'two',
  // The chat-bot pages (src/features/chatbots).
  version: 3,
};

describe('message catalogs', () => {
  it('English and Russian hold exactly the same keys', () => {
    expect(keys('ru')).toEqual(keys('en'));
  });

  it.each(Object.entries(CATALOG_PARTS))(
    'the %s catalog holds the same keys in English and Russian',
    (_name, part) => {
      expect(Object.keys(part.ru).sort()).toEqual(Object.keys(part.en).sort());
    },
  );

  it('no key is in two catalogs: the app holds as many texts as its catalogs together', () => {
    const parts = Object.values(CATALOG_PARTS);
    expect(keys('en')).toHaveLength(
      parts.reduce((sum, part) => sum + Object.keys(part.en).length, 0),
    );
  });

  it('joining two catalogs that hold the same key throws, naming both', () => {
    const teams = { en: { 'teams.add': 'Add team' }, ru: { 'teams.add': 'Добавить команду' } };
    const roles = { en: { 'teams.add': 'Add' }, ru: { 'teams.add': 'Добавить' } };
    expect(() => joinCatalogs({ teams, roles })).toThrow(
      'Key teams.add is in catalogs teams and roles',
    );
  });

  it('joining a catalog whose languages hold other keys throws', () => {
    const teams = { en: { 'teams.add': 'Add team' }, ru: { 'teams.new': 'Добавить команду' } };
    expect(() => joinCatalogs({ teams })).toThrow('Catalog teams holds other keys in Russian');
  });

  it('no message is left empty in either language', () => {
    for (const lang of ['en', 'ru'] as const) {
      for (const [key, text] of Object.entries(CATALOGS[lang]))
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('every message formats in both languages without an ICU error', () => {
    for (const lang of ['en', 'ru'] as const) {
      const { t } = translator(lang);
      for (const key of keys(lang) as MessageKey[]) {
        const text = t(key, SAMPLE_VALUES);
        expect(text, `${lang} ${key}`).not.toContain('{');
        expect(text, `${lang} ${key}`).not.toBe(key);
      }
    }
  });

  it('plural texts follow each language: Russian says "изменения" for 3', () => {
    expect(translator('en').t('connection.pending', { count: 1 })).toBe(
      '1 change waiting to be sent',
    );
    expect(translator('ru').t('connection.pending', { count: 3 })).toBe(
      '3 изменения ждут отправки',
    );
  });

  it('server error names are translated from the protocol texts', () => {
    expect(translator('en').error('INVALID_CREDENTIALS')).toBe('Incorrect login or password');
    expect(translator('ru').error('TOTP_CODE_WRONG')).toBe('Введён неверный код');
    expect(translator('en').error('TOO_MANY_BUTTONS', { max: 10 })).toBe(
      'Too many buttons (max 10)',
    );
  });

  it('parsed at build time, every message reads exactly as its text does', () => {
    const compiled = compileCatalogs(CATALOGS);
    for (const lang of ['en', 'ru'] as const) {
      const { t } = translator(lang);
      const intl = createIntl({ locale: lang, messages: compiled[lang] });
      expect(Object.keys(compiled[lang]).sort()).toEqual(keys(lang));
      for (const key of keys(lang) as MessageKey[])
        expect(intl.formatMessage({ id: key }, SAMPLE_VALUES), `${lang} ${key}`).toBe(
          t(key, SAMPLE_VALUES),
        );
    }
  });
});
