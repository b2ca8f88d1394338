import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SafeText, isSafeText, makeTextSafe, unsafeCharacterIndex } from './text';
import { AccountUpdateBody } from './api';
import { RoleSavePayload, TeamSavePayload } from './commands';

describe('the text rule', () => {
  it.each([
    ['plain words', 'Where is my order?', -1],
    ['tab, line feed and carriage return', 'a\tb\r\nc', -1],
    ['Cyrillic, emoji and a pair beyond the BMP', 'Привет 👋 𝄞', -1],
    ['U+0000', 'ab\u0000', 2],
    ['a bell', '\u0007', 0],
    ['vertical tab and form feed', 'a\u000bb\u000c', 1],
    ['DEL', 'x\u007f', 1],
    ['a C1 control (NEL)', 'x\u0085', 1],
    ['a high surrogate alone at the end', 'ok\ud83d', 2],
    ['a high surrogate before a letter', '\ud83da', 0],
    ['a low surrogate alone', 'a\udc4b', 1],
    ['two high surrogates', '\ud83d\ud83d\udc4b', 0],
  ])('%s', (_name, text, index) => {
    expect(unsafeCharacterIndex(text)).toBe(index);
    expect(isSafeText(text)).toBe(index === -1);
  });

  it('makes text safe by dropping controls and replacing lone surrogates, keeping the rest', () => {
    expect(makeTextSafe('Hi\u0000 there\u0007\t!\r\n')).toBe('Hi there\t!\r\n');
    expect(makeTextSafe('a\ud83d b \udc4b c 👋')).toBe('a\ufffd b \ufffd c 👋');
    expect(makeTextSafe('\ud83d\ud83d\udc4b')).toBe('\ufffd\ud83d\udc4b');
    const whole = 'Привет 👋';
    expect(makeTextSafe(whole)).toBe(whole);
  });

  it('what makeTextSafe gives always keeps the rule', () => {
    const samples = ['\u0000\ud800\udc00\udfff\u0085', '\ud800\ud800', '\u009f\u007f\u0001'];
    for (const text of samples) expect(isSafeText(makeTextSafe(text))).toBe(true);
  });

  it('a form field using the SafeText action is told INVALID_CHARACTERS', () => {
    const field = v.pipe(v.string(), SafeText);
    const result = v.safeParse(field, 'Anna\u0000');
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe('INVALID_CHARACTERS');
    expect(v.safeParse(field, 'Anna').success).toBe(true);
  });
});

describe('the forms’ schemas tell a refused character at its field, before anything is sent', () => {
  const id = '01a20000-0000-7000-8000-000000000001';
  const team = {
    teamId: id,
    name: 'Night',
    description: 'Answers at night',
    distributionMethod: 'round_robin',
    dialogLimit: 5,
    redistributionMinutes: null,
    autoCloseMinutes: null,
    unattendedCloseHours: 0,
    inactivityMinutes: 0,
  };
  it.each([
    ['a team name', TeamSavePayload, { ...team, name: 'Night\u0000' }, 'name'],
    ['a team description', TeamSavePayload, { ...team, description: 'x\ud800' }, 'description'],
    [
      'a role name',
      RoleSavePayload,
      { roleId: id, name: 'A\u0007', description: 'd', rights: [] },
      'name',
    ],
    ['the account name', AccountUpdateBody, { name: 'Sam\u001b' }, 'name'],
    ['the account phone', AccountUpdateBody, { phone: '+1\u0000' }, 'phone'],
  ])('%s', (_what, schema: v.GenericSchema, input, field) => {
    const result = v.safeParse(schema, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe('INVALID_CHARACTERS');
    expect(result.issues?.[0].path?.[0]?.key).toBe(field);
  });
});
