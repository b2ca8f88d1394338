import { describe, expect, it } from 'vitest';
import { LANGUAGE_KEY, readLanguage, storeLanguage } from './language-storage';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
};

describe('the stored interface language (sc-lang)', () => {
  it.each([
    [undefined, 'en'],
    ['eng', 'en'],
    ['rus', 'ru'],
    ['ru', 'en'],
    ['klingon', 'en'],
  ] as const)('stored %s reads as %s', (stored, lang) => {
    expect(
      readLanguage(memoryStorage(stored === undefined ? {} : { [LANGUAGE_KEY]: stored })),
    ).toBe(lang);
  });

  it('a choice is stored as eng or rus and read back the same after a reload', () => {
    const storage = memoryStorage();
    storeLanguage('ru', storage);
    expect(storage.items.get('sc-lang')).toBe('rus');
    expect(readLanguage(storage)).toBe('ru');
    storeLanguage('en', storage);
    expect(storage.items.get('sc-lang')).toBe('eng');
  });

  it('a storage that throws leaves English', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLanguage(broken)).toBe('en');
  });
});
