import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { normalizeEmail } from './email';
import { EmailSchema } from './validation';
import { LoginBody } from './sign-in-api';

const loginEmail = (email: string) => v.parse(LoginBody, { email, password: 'Demo-pass-1!' }).email;

describe('one spelling of an e-mail address', () => {
  it.each([
    ['admin@demo.test'],
    [' Admin@Demo.Test'],
    ['ADMIN@DEMO.TEST\t'],
    ['\u00a0admin@demo.test\u2003'], // no-break and em spaces around it
    ['ａｄｍｉｎ＠ｄｅｍｏ．ｔｅｓｔ'], // full width, as an input method types it
  ])('%j is stored, looked up and counted as admin@demo.test', (spelling) => {
    expect(normalizeEmail(spelling)).toBe('admin@demo.test');
    expect(v.parse(EmailSchema, spelling)).toBe('admin@demo.test');
    expect(loginEmail(spelling)).toBe('admin@demo.test');
  });

  it('keeps apart what people mean as different addresses', () => {
    expect(normalizeEmail('ad min@demo.test')).not.toBe('admin@demo.test');
    expect(normalizeEmail('admin@demo.test.')).not.toBe('admin@demo.test');
  });

  it('changes nothing when applied twice, for every single character', () => {
    const unstable: string[] = [];
    for (let point = 0; point <= 0x10ffff; point++) {
      if (point >= 0xd800 && point <= 0xdfff) continue;
      const once = normalizeEmail(`a${String.fromCodePoint(point)}b`);
      if (normalizeEmail(once) !== once) unstable.push(point.toString(16));
    }
    expect(unstable).toEqual([]);
  });
});
