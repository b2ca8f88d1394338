import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiAnswer } from '../../protocol';
import type { ApiClient, RequestOptions } from '../../ui/http';
import {
  callResult,
  changePassword,
  generateTotp,
  toggleTotp,
  updateAccount,
  TotpSecretSchema,
} from './account-calls';

const me = {
  id: 'u1',
  name: 'Olga',
  email: 'olga@demo.test',
  language: 'ru',
  organization: { id: 'o1', name: 'Demo' },
  role: { name: 'Operator', rights: [] },
  options: [],
};
const secret = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/SmartConnect:olga%40demo.test?secret=JBSWY3DPEHPK3PXP',
};

describe('reading an account call’s answer', () => {
  it.each<[string, ApiAnswer<unknown> | null, unknown]>([
    ['no answer is no connection', null, { kind: 'unreachable' }],
    [
      'a refusal keeps its name',
      { code: 'error', error: { name: 'TOTP_CODE_WRONG' } },
      { kind: 'refused', error: { name: 'TOTP_CODE_WRONG' } },
    ],
    ['a secret', { code: 'ok', entity: secret }, { kind: 'done', value: secret }],
    [
      'a secret that is not base32 is not shown as one',
      { code: 'ok', entity: { ...secret, secret: 'not base32!' } },
      { kind: 'refused', error: { name: 'UNKNOWN_ERROR' } },
    ],
    [
      'an address that is not otpauth is not drawn',
      { code: 'ok', entity: { ...secret, otpauthUrl: 'https://evil.example' } },
      { kind: 'refused', error: { name: 'UNKNOWN_ERROR' } },
    ],
  ])('%s', (_, answer, expected) => {
    expect(callResult(answer, TotpSecretSchema)).toEqual(expected);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('an unexpected answer is logged by its code and failing fields, never with the secret it carries', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = {
      code: 'ok' as const,
      entity: { ...secret, otpauthUrl: 'https://evil.example' },
    };
    callResult(answer, TotpSecretSchema);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).not.toContain(secret.secret);
    expect(warn.mock.calls).toEqual([
      ['Unexpected answer to an account call', { code: 'ok', fields: ['otpauthUrl'] }],
    ]);
  });
});

describe('the profile’s online calls', () => {
  function api(answer: ApiAnswer<unknown> | null) {
    const calls: { method: string; path: string; options: RequestOptions | undefined }[] = [];
    const client: ApiClient = {
      request: (method, path, options) => {
        calls.push({ method, path, options });
        return Promise.resolve(answer);
      },
    };
    return { client, calls };
  }

  it('a save of "Your information" is a PATCH of auth/acc/update answered with the user', async () => {
    const { client, calls } = api({ code: 'ok', entity: me });
    const result = await updateAccount(client, { name: 'Olga', phone: null, language: 'ru' });
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/api/auth/acc/update',
        options: { body: { name: 'Olga', phone: null, language: 'ru' } },
      },
    ]);
    expect(result).toEqual({ kind: 'done', value: me });
  });

  it('a password change is a POST of auth/acc/passwordChange', async () => {
    const { client, calls } = api({ code: 'ok', entity: null });
    const body = { oldPassword: 'a', newPassword: 'Str0ng#pass', repeatPassword: 'Str0ng#pass' };
    expect(await changePassword(client, body)).toEqual({ kind: 'done', value: null });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/acc/passwordChange' });
  });

  it('a new secret is asked with an empty JSON body, which the server accepts', async () => {
    const { client, calls } = api({ code: 'ok', entity: secret });
    expect(await generateTotp(client)).toEqual({ kind: 'done', value: secret });
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/auth/generate', options: { body: {} } });
  });

  it('switching two-factor is a PATCH of auth/toggle with the code', async () => {
    const { client, calls } = api(null);
    expect(await toggleTotp(client, { enabled: true, totpCode: '123456' })).toEqual({
      kind: 'unreachable',
    });
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/auth/toggle',
      options: { body: { enabled: true, totpCode: '123456' } },
    });
  });
});
