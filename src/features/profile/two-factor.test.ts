import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { PROFILE_EN, PROFILE_RU } from './profile-messages';
import { problemText } from '../../ui/forms/field-problems';
import { checkTotpCode, groupedSecret, qrPath, totpRefusal } from './two-factor';

const en = createTranslator('en', { ...SHELL_EN, ...PROFILE_EN });
const ru = createTranslator('ru', { ...SHELL_RU, ...PROFILE_RU });

/** The words under the Code field, or the code that would be sent. */
function shown(typed: string, i18n = en): string {
  const checked = checkTotpCode(typed);
  return checked.ok ? `sends ${checked.code}` : problemText(checked.problem, i18n);
}

describe('the two-factor code (spec §5: 6 digits), in the words the user reads', () => {
  it.each([
    ['six digits', '123456', 'sends 123456'],
    ['six digits as an app groups them', '123 456', 'sends 123456'],
    ['six digits with a dash', '123-456', 'sends 123456'],
    ['nothing', '', 'Required field'],
    ['five digits', '12345', 'The code must be 6 digits'],
    ['seven digits', '1234567', 'The code must be 6 digits'],
    ['letters', '12ab56', 'The code must be 6 digits'],
  ])('%s', (_, typed, expected) => {
    expect(shown(typed)).toBe(expected);
  });

  it('tells a Russian reader in Russian', () => {
    expect(shown('12345', ru)).toBe('Код должен состоять из 6 цифр');
  });
});

describe('refusals of a code', () => {
  it.each([
    [
      'a wrong code stays at the field for another try',
      'TOTP_CODE_WRONG',
      true,
      'The code entered is incorrect',
    ],
    [
      'a code in a bad format at the field',
      'TOTP_CODE_BAD_FORMAT',
      true,
      'The code must be 6 digits',
    ],
    [
      'an already enabled two-factor above, in words',
      'TOTP_ALREADY_ENABLED',
      false,
      'Two-factor authentication is already enabled',
    ],
    ['a secret gone meanwhile above', 'TOTP_NOT_GENERATED', false, 'Generate a QR code first'],
  ] as const)('%s', (_, name, atCode, text) => {
    const refusal = totpRefusal({ name });
    expect(refusal.atCode).toBe(atCode);
    expect(problemText(refusal.problem, en)).toBe(text);
  });
});

describe('the secret for typing in', () => {
  it.each([
    [
      'in groups of four',
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    ],
    ['a short last group', 'JBSWY3DPEH', 'JBSW Y3DP EH'],
    ['without padding', 'JBSWY3DP====', 'JBSW Y3DP'],
  ])('%s', (_, secret, expected) => {
    expect(groupedSecret(secret)).toBe(expected);
    expect(groupedSecret(secret).replace(/\s/g, '')).toBe(secret.replace(/=+$/, ''));
  });
});

describe('the QR code drawing', () => {
  it.each([
    ['nothing dark draws nothing', [[false, false]], ''],
    ['one dark module is one unit square', [[false, true]], 'M1 0h1v1h-1z'],
    ['a run of dark modules is one rectangle', [[true, true, true, false]], 'M0 0h3v1h-3z'],
    [
      'runs on several rows',
      [
        [true, false, true],
        [false, true, true],
      ],
      'M0 0h1v1h-1zM2 0h1v1h-1zM1 1h2v1h-2z',
    ],
  ])('%s', (_, modules, expected) => {
    expect(qrPath(modules)).toBe(expected);
  });

  it('draws every dark module of a real otpauth code and nothing else', () => {
    const qr = encode('otpauth://totp/SmartConnect:olga%40demo.test?secret=JBSWY3DPEHPK3PXP', {
      ecc: 'M',
      border: 2,
    });
    const drawn = new Set<string>();
    for (const [, x, y, width] of qrPath(qr.data).matchAll(/M(\d+) (\d+)h(\d+)/g))
      for (let i = 0; i < Number(width); i += 1) drawn.add(`${String(Number(x) + i)},${y ?? ''}`);
    const dark = qr.data.flatMap((row, y) =>
      row.flatMap((on, x) => (on ? [`${String(x)},${String(y)}`] : [])),
    );
    expect(drawn).toEqual(new Set(dark));
  });
});
