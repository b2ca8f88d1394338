import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { CATALOGS } from './catalogs';
import { compileCatalogs } from './compile-messages';
import { createTranslator } from './translator';
import type { MessageKey } from './messages-en';

const keys = (lang: 'en' | 'ru') => Object.keys(CATALOGS[lang]).sort();

// Values that satisfy every placeholder of the catalogs, so each message can be formatted.
const SAMPLE_VALUES = {
  count: 3,
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
  category: 'Delivery',
  rating: 4,
  minutes: 10,
  organization: 'Demo Store',
};

describe('message catalogs', () => {
  it('English and Russian hold exactly the same keys', () => {
    expect(keys('ru')).toEqual(keys('en'));
  });

  it('no message is left empty in either language', () => {
    for (const lang of ['en', 'ru'] as const) {
      for (const [key, text] of Object.entries(CATALOGS[lang]))
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('every message formats in both languages without an ICU error', () => {
    for (const lang of ['en', 'ru'] as const) {
      const { t } = createTranslator(lang);
      for (const key of keys(lang) as MessageKey[]) {
        const text = t(key, SAMPLE_VALUES);
        expect(text, `${lang} ${key}`).not.toContain('{');
        expect(text, `${lang} ${key}`).not.toBe(key);
      }
    }
  });

  it('plural texts follow each language: Russian says "изменения" for 3', () => {
    expect(createTranslator('en').t('connection.pending', { count: 1 })).toBe(
      '1 change waiting to be sent',
    );
    expect(createTranslator('ru').t('connection.pending', { count: 3 })).toBe(
      '3 изменения ждут отправки',
    );
  });

  it('server error names are translated from the protocol texts', () => {
    expect(createTranslator('en').error('INVALID_CREDENTIALS')).toBe('Incorrect login or password');
    expect(createTranslator('ru').error('TOTP_CODE_WRONG')).toBe('Введён неверный код');
    expect(createTranslator('en').error('TOO_MANY_BUTTONS', { max: 10 })).toBe(
      'Too many buttons (max 10)',
    );
  });

  it('parsed at build time, every message reads exactly as its text does', () => {
    const compiled = compileCatalogs(CATALOGS);
    for (const lang of ['en', 'ru'] as const) {
      const { t } = createTranslator(lang);
      const intl = createIntl({ locale: lang, messages: compiled[lang] });
      expect(Object.keys(compiled[lang]).sort()).toEqual(keys(lang));
      for (const key of keys(lang) as MessageKey[])
        expect(intl.formatMessage({ id: key }, SAMPLE_VALUES), `${lang} ${key}`).toBe(
          t(key, SAMPLE_VALUES),
        );
    }
  });
});
