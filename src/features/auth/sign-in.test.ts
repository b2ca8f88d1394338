import { describe, expect, it } from 'vitest';
import { signInResult } from './sign-in';

describe('the answer of a sign-in attempt', () => {
  it.each([
    [
      { code: 'ok', entity: { token: 't' } },
      { kind: 'token', token: 't' },
    ],
    [
      { code: 'totp_required', entity: { ticket: 'k' } },
      { kind: 'code', ticket: 'k' },
    ],
    [
      { code: 'error', error: { name: 'INVALID_CREDENTIALS', params: {} } },
      { kind: 'refused', error: { name: 'INVALID_CREDENTIALS', params: {} } },
    ],
    [null, { kind: 'unreachable' }],
    [
      { code: 'ok', entity: null },
      { kind: 'refused', error: { name: 'UNKNOWN_ERROR' } },
    ],
  ] as const)('%j becomes %j', (answer, result) => {
    expect(signInResult(answer)).toEqual(result);
  });
});
