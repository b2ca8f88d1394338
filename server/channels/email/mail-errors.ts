import { DomainError } from '../../domain/core/domain-error';

/**
 * A mail server's failure as the product names it (docs/errors.md): a refused login is
 * MAIL_LOGIN_FAILED, anything that kept us from talking to the server is MAIL_SERVER_UNREACHABLE.
 * The server's own words go to the log only (they may echo the login).
 */
export function mailServerError(error: unknown, host: string): DomainError {
  const e = error as {
    authenticationFailed?: boolean;
    responseCode?: number;
    code?: string;
    message?: string;
  };
  const text = e.message ?? '';
  const loginRefused =
    e.authenticationFailed === true ||
    e.code === 'EAUTH' ||
    e.responseCode === 535 ||
    /\b(-ERR\b.*(auth|pass|login|user)|authentication failed|invalid credentials)/i.test(text);
  return new DomainError(loginRefused ? 'MAIL_LOGIN_FAILED' : 'MAIL_SERVER_UNREACHABLE', { host });
}

/** Whether an SMTP refusal is temporary (4xx, a dropped connection): the job tries again later. */
export function smtpTemporary(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return e.code !== 'EAUTH' && e.code !== 'EENVELOPE' && e.code !== 'EMESSAGE';
}
