import * as v from 'valibot';
import type { MAIL_SECURITY } from '../../../src/protocol';
import { CHANNEL_TYPE_SETTINGS } from '../../../src/protocol';
import type { ChannelCredentials } from '../adapter';

export type EmailSettings = v.InferOutput<typeof CHANNEL_TYPE_SETTINGS.email.settings>;

/** One server the channel logs in to: where it receives (IMAP or POP3) or sends (SMTP). */
export interface MailServer {
  host: string;
  port: number;
  login: string;
  security: (typeof MAIL_SECURITY)[number];
}

/** A channel's stored settings and password, read through the type's one schema. */
export function emailCredentials(credentials: ChannelCredentials): {
  settings: EmailSettings;
  password: string;
} {
  const settings = v.parse(CHANNEL_TYPE_SETTINGS.email.settings, credentials.settings);
  return { settings, password: credentials.secrets.password ?? '' };
}

export const receiveServer = (s: EmailSettings): MailServer => ({
  host: s.receiveHost,
  port: s.receivePort,
  login: s.login,
  security: s.receiveSecurity,
});

export const sendServer = (s: EmailSettings): MailServer => ({
  host: s.sendHost,
  port: s.sendPort,
  login: s.login,
  security: s.sendSecurity,
});
