import type { CheckRefusal } from '../adapter';

/**
 * A mail server's failure during the credentials check, as the adapter contract names it
 * (docs/channels.md): a refused login is INVALID_CREDENTIALS at `password`; anything that kept us
 * from talking to the server is SERVICE_ACCOUNT_INVALID_FIELDS at the host field that failed
 * (`receiveHost`, `sendHost`). The server's own words are never part of it (they may echo the
 * login).
 */
export class MailCheckError extends Error {
  constructor(readonly refusal: CheckRefusal) {
    super(refusal.error);
    this.name = 'MailCheckError';
  }
}

export function loginRefused(error: unknown): boolean {
  const e = error as {
    authenticationFailed?: boolean;
    responseCode?: number;
    code?: string;
    message?: string;
  };
  return (
    e.authenticationFailed === true ||
    e.code === 'EAUTH' ||
    e.responseCode === 535 ||
    /-ERR\b.*(auth|pass|login|user)|authentication failed|invalid credentials/i.test(
      e.message ?? '',
    )
  );
}

export function mailCheckError(
  error: unknown,
  hostField: 'receiveHost' | 'sendHost',
): MailCheckError {
  return new MailCheckError(
    loginRefused(error)
      ? { ok: false, error: 'INVALID_CREDENTIALS', field: 'password' }
      : { ok: false, error: 'SERVICE_ACCOUNT_INVALID_FIELDS', field: hostField },
  );
}

/** Whether an SMTP refusal is temporary (4xx, a dropped connection): the job tries again later. */
export function smtpTemporary(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return e.code !== 'EAUTH' && e.code !== 'EENVELOPE' && e.code !== 'EMESSAGE';
}
