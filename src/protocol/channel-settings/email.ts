import * as v from 'valibot';
import { SafeText } from '../text';
import { EmailSchema } from '../validation';

/**
 * An e-mail channel's settings (spec §3 "email: host, port (numeric), login, password, protocol,
 * send settings, receive settings, list of addresses with To and Copy"). The passwords are
 * secrets: written here by an administrator, kept in `channels.secrets`, never sent back.
 */
const HostSchema = v.pipe(
  v.string(),
  v.trim(),
  SafeText,
  v.minLength(1),
  v.maxLength(253),
  v.regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'VALIDATION_FAILED'),
);

/** Spec §5 "email port numeric": a number from 1 to 65535, or the digits of one. */
export const MailPortSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,5}$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
  v.maxValue(65535),
);

/** `tls`: TLS from the first byte (993, 995, 465); `starttls`: upgraded after connecting; `none`. */
export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;

const ServerSchema = v.object({
  host: HostSchema,
  port: MailPortSchema,
  login: v.pipe(v.string(), v.trim(), SafeText, v.minLength(1), v.maxLength(255)),
  security: v.optional(v.picklist(MAIL_SECURITY), 'tls'),
});
export type MailServer = v.InferOutput<typeof ServerSchema>;

export const MAIL_PROTOCOLS = ['imap', 'pop3'] as const;

/** One address of the channel: mail is taken when it is in To (`to`) or in Copy (`copy`). */
export const ChannelAddressSchema = v.object({
  address: EmailSchema,
  to: v.boolean(),
  copy: v.boolean(),
});

export const EmailChannelSettingsSchema = v.object({
  protocol: v.picklist(MAIL_PROTOCOLS),
  receive: ServerSchema,
  send: ServerSchema,
  addresses: v.pipe(v.array(ChannelAddressSchema), v.minLength(1), v.maxLength(20)),
});
export type EmailChannelSettings = v.InferOutput<typeof EmailChannelSettingsSchema>;

const PasswordSecret = v.pipe(v.string(), SafeText, v.minLength(1), v.maxLength(1024));

export const EmailChannelSecretsSchema = v.object({
  receivePassword: PasswordSecret,
  sendPassword: PasswordSecret,
});
export type EmailChannelSecrets = v.InferOutput<typeof EmailChannelSecretsSchema>;
