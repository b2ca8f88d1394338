import * as v from 'valibot';
import { LIMITS } from './limits';
import { ShownChannelIdsSchema } from './customer-links';
import { AllowedOriginsSchema } from './origins';
import { SafeText } from './text';
import { EmailSchema } from './validation';
import { IdSchema } from './ids';
import type { ChannelType } from './entities/channel';

/**
 * Each connectable channel type's settings and secrets (spec §3 per-type fields), one schema per
 * type, used by the wizard's form and by the server's channel.create/update alike. `settings` are
 * public (synced on the channel row); `secrets` are write-only (docs/channels.md "Secrets"): the
 * server stores them in channels.secrets and the browser learns only which are set.
 *
 * `provider: true` types speak to an outside provider through an adapter
 * (server/channels/registry.ts): their credentials are checked before a save, replies to them are
 * delivery jobs, and without an adapter they cannot be created (CHANNEL_SERVICE_NOT_FOUND). The
 * others (site_chat) are ours: customers read our own feed. A type not listed here cannot be
 * created or saved at all.
 */
const settingText = v.pipe(
  v.string(),
  v.trim(),
  SafeText,
  v.maxLength(LIMITS.channelSettingTextMax),
);
const requiredText = v.pipe(settingText, v.minLength(1, 'SERVICE_ACCOUNT_INVALID_FIELDS'));
const secretText = v.pipe(
  v.string(),
  v.trim(),
  SafeText,
  v.minLength(1, 'SERVICE_ACCOUNT_INVALID_FIELDS'),
  v.maxLength(LIMITS.channelSecretMax),
);
/** Spec §5: "email port numeric". A form's field is text, so a typed "99x" is refused by name. */
const portSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'VALIDATION_FAILED'))]),
  v.transform(Number),
  v.integer('VALIDATION_FAILED'),
  v.minValue(1, 'VALIDATION_FAILED'),
  v.maxValue(65535, 'VALIDATION_FAILED'),
);

/** How the site-chat widget first shows on a page (spec §3: closed/open/initial state). */
export const SITE_CHAT_INITIAL_STATES = ['closed', 'open'] as const;
export type SiteChatInitialState = (typeof SITE_CHAT_INITIAL_STATES)[number];

/**
 * A WhatsApp number as spec §5 wants it: digits only, the country code first (no +, no leading
 * zero), 7 to 15 digits in all (ITU E.164).
 */
export const WHATSAPP_PHONE = /^[1-9]\d{6,14}$/;

export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export const MAIL_RECEIVE_PROTOCOLS = ['imap', 'pop3'] as const;

/** An address of an e-mail channel: where replies are also sent, as To or as Copy (spec §3). */
export const MailAddressSchema = v.object({
  address: EmailSchema,
  kind: v.picklist(['to', 'copy']),
});

export const CHANNEL_TYPE_SETTINGS = {
  /** Our site-chat widget (spec §3 site_chat); its customers read our feed, no provider. */
  site_chat: {
    provider: false,
    settings: v.object({
      welcomeMessage: v.optional(
        v.pipe(v.string(), SafeText, v.maxLength(LIMITS.channelRatingTextMax)),
        '',
      ),
      title: v.optional(settingText, ''),
      subtitle: v.optional(settingText, ''),
      logoUrl: v.optional(v.nullable(settingText), null),
      /** Whether the widget starts closed (a launcher button) or open on the company's page. */
      initialState: v.optional(v.picklist(SITE_CHAT_INITIAL_STATES), 'closed'),
      /**
       * The company's own sites the widget may run on, exact origins (https://shop.example),
       * normalised; the widget API refuses any other (docs/site-chat-widget.md).
       */
      allowedOrigins: v.optional(AllowedOriginsSchema, []),
      /**
       * Spec §3 "list of channels shown": the organization's other channels the widget offers as
       * links (Telegram, e-mail: customer-links.ts). The server checks each newly listed one.
       */
      shownChannelIds: v.optional(ShownChannelIdsSchema, []),
    }),
    secrets: v.object({}),
  },
  /**
   * Telegram: the bot token is the only input; the bot's username is learned from getMe when the
   * token is checked, and the server stores it (spec §5: it must end in "bot").
   */
  telegram: {
    provider: true,
    settings: v.object({}),
    secrets: v.object({ token: secretText }),
  },
  /**
   * WhatsApp through Meta's Cloud API (spec §3 whatsapp: "phone number in digits with country
   * code, provider login, provider password"): the login is the WhatsApp Business Account's id,
   * the password a system user's access token, and the app's secret signs the webhooks. The
   * number's Cloud API id and display name are learned when the fields are checked.
   */
  whatsapp: {
    provider: true,
    settings: v.object({
      /** Spec §5: digits only, with the country code (E.164 without the +). */
      phone: v.pipe(v.string(), v.trim(), v.regex(WHATSAPP_PHONE, 'INVALID_PHONE')),
      login: requiredText,
    }),
    secrets: v.object({ password: secretText, appSecret: secretText }),
  },
  /**
   * Instagram through the Instagram API with Instagram Login (spec §3 instagram: "authorise,
   * refresh token"): nothing is typed. The administrator signs in at Instagram from the wizard
   * (server/channels/authorization/); the save names that sign-in (`grant`), and the server
   * takes its long-lived token into the channel's secrets and refreshes it on a schedule. The
   * account's username and the token's expiry are learned then.
   */
  instagram: {
    provider: true,
    settings: v.object({}),
    secrets: v.object({ grant: v.optional(IdSchema) }),
  },
  /**
   * A VK community's bot (spec §3 vk_bot: "authorisation then group choice"): nothing is typed.
   * The administrator signs in at VK, picks one of the communities they administer, and signs in
   * for it (server/channels/authorization/); the save names that second sign-in (`grant`), whose
   * community token the server keeps. The community's id, name and address are learned then.
   */
  vk_bot: {
    provider: true,
    settings: v.object({}),
    secrets: v.object({ grant: v.optional(IdSchema) }),
  },
  /**
   * Facebook Messenger for a Page: nothing is typed. The administrator signs in with Facebook,
   * picks one of the Pages they may answer for, and signs in for it; the save names that second
   * sign-in (`grant`), whose Page token the server keeps. The Page's id and name are learned then.
   */
  facebook: {
    provider: true,
    settings: v.object({}),
    secrets: v.object({ grant: v.optional(IdSchema) }),
  },
  /**
   * Viber Business Messages (spec §3 viber: "service ID"; §5: required): the company's Viber
   * service ID, which the installation's Viber partner (Sinch) carries on one of its apps. Nothing
   * secret per channel: the partner account is the installation's. The app is learned on check.
   */
  viber: {
    provider: true,
    settings: v.object({ serviceId: requiredText }),
    secrets: v.object({}),
  },
  /**
   * A Viber bot (spec §3 viber_bot: "token; requires a jpg photo"): the bot's token, and its photo —
   * a JPEG of up to 100 KB uploaded as a file — which Viber shows beside every message the bot
   * sends. The bot's name and address are learned when the token is checked.
   */
  viber_bot: {
    provider: true,
    settings: v.object({
      avatarFileId: v.pipe(
        IdSchema,
        v.check(() => true, 'CHANNEL_PHOTO_INVALID'),
      ),
    }),
    secrets: v.object({ token: secretText }),
  },
  /**
   * Avito's messenger: the account's client id and secret from Avito's developer settings
   * (client_credentials). The account's id and name are learned when they are checked.
   */
  avito: {
    provider: true,
    settings: v.object({ clientId: requiredText }),
    secrets: v.object({ clientSecret: secretText }),
  },
  /** E-mail: receive by IMAP or POP3 and send by SMTP with one login (spec §3 email fields). */
  email: {
    provider: true,
    settings: v.object({
      receiveProtocol: v.picklist(MAIL_RECEIVE_PROTOCOLS),
      receiveHost: requiredText,
      receivePort: portSchema,
      receiveSecurity: v.picklist(MAIL_SECURITY),
      sendHost: requiredText,
      sendPort: portSchema,
      sendSecurity: v.picklist(MAIL_SECURITY),
      login: requiredText,
      /** The channel's own address, replies' From. */
      address: EmailSchema,
      addresses: v.pipe(v.array(MailAddressSchema), v.maxLength(LIMITS.channelAddressesMax)),
    }),
    secrets: v.object({ password: secretText }),
  },
} as const satisfies Partial<
  Record<
    ChannelType,
    {
      provider: boolean;
      settings: v.GenericSchema<unknown, Record<string, unknown>>;
      secrets: v.ObjectSchema<v.ObjectEntries, undefined>;
    }
  >
>;

/** A channel type staff may create and save: one with settings here. */
export type ConnectableChannelType = keyof typeof CHANNEL_TYPE_SETTINGS;
export const CONNECTABLE_CHANNEL_TYPES = Object.keys(
  CHANNEL_TYPE_SETTINGS,
) as ConnectableChannelType[];
export const isConnectableType = (type: string): type is ConnectableChannelType =>
  Object.hasOwn(CHANNEL_TYPE_SETTINGS, type);

/** The secrets a type takes, by name (`token`, `password`): the row's `secretsSet` lists these. */
export const secretNamesOf = (type: ConnectableChannelType): string[] =>
  Object.keys(CHANNEL_TYPE_SETTINGS[type].secrets.entries);

/**
 * The types connected by signing in at the provider (OAuth) rather than by typing secrets: their
 * save names a completed sign-in as the `grant` secret (docs/channels.md "Authorised channels").
 */
/** A Viber bot's photo (spec §3 "requires a jpg photo"): Viber takes avatars of up to 100 KB. */
export const VIBER_PHOTO = { type: 'image/jpeg', maxBytes: 100 * 1024 } as const;

export const AUTHORIZED_CHANNEL_TYPES = [
  'instagram',
  'vk_bot',
  'facebook',
] as const satisfies readonly ConnectableChannelType[];
export const isAuthorizedType = (type: string): boolean =>
  (AUTHORIZED_CHANNEL_TYPES as readonly string[]).includes(type);

/** Whether a type speaks to an outside provider through an adapter (see above). */
export const isProviderType = (type: string): boolean =>
  isConnectableType(type) && CHANNEL_TYPE_SETTINGS[type].provider;
