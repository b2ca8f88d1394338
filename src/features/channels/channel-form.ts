import * as v from 'valibot';
import {
  CHANNEL_TYPE_SETTINGS,
  ChannelCreatePayload,
  LINKED_CHANNEL_TYPES,
  SHOWN_CHANNELS_MAX,
  customerLinkOf,
  ChannelUpdatePayload,
  ERROR_TEXTS,
  isConnectableType,
  type ApiError,
  type Channel,
  type ErrorName,
  type ConnectableChannelType,
} from '../../protocol';
import { refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

/**
 * The General tab and the wizards' form: what every channel has, the type's settings as typed
 * (text boxes; lists one per line) and the secrets typed anew. A secret box starts empty: the
 * browser never holds a stored secret, and an empty box on an edit keeps the stored one.
 */
export type ChannelFormValues = {
  name: string;
  teamId: string;
  notificationEmail: string;
  teamVisibility: boolean;
  active: boolean;
  ratingText: string;
  ratingBeforeEnd: boolean;
  settings: Record<string, string>;
  secrets: Record<string, string>;
};

/** Settings that are lists, typed one per line. */
const LIST_SETTINGS = new Set([
  'allowedOrigins',
  'toAddresses',
  'copyAddresses',
  'shownChannelIds',
]);

/** Each type's settings as the form shows them, with their first values. */
const SETTING_DEFAULTS: Record<ConnectableChannelType, Record<string, string>> = {
  site_chat: {
    welcomeMessage: '',
    title: '',
    subtitle: '',
    logoUrl: '',
    initialState: 'closed',
    allowedOrigins: '',
    /** Channel ids, one per line like the other lists; the form shows them as checkboxes. */
    shownChannelIds: '',
  },
  telegram: {},
  whatsapp: { phone: '', login: '' },
  /** Nothing typed: the administrator signs in at Instagram (ProviderSignIn). */
  instagram: {},
  /** Nothing typed either: two sign-ins at VK, the community picked between them. */
  vk_bot: {},
  /** Two sign-ins with Facebook, the Page picked between them. */
  facebook: {},
  /** The bot's JPEG photo, uploaded as a file: its id (ChannelPhotoField). */
  viber_bot: { avatarFileId: '' },
  /** The company's Viber service ID, as its Viber business partner gave it. */
  viber: { serviceId: '' },
  avito: { clientId: '' },
  email: {
    address: '',
    login: '',
    receiveProtocol: 'imap',
    receiveHost: '',
    receivePort: '993',
    receiveSecurity: 'tls',
    sendHost: '',
    sendPort: '465',
    sendSecurity: 'tls',
    toAddresses: '',
    copyAddresses: '',
  },
};

/**
 * Fields whose label is the type's own (`channels.form.<type>.<key>`): a WhatsApp "login" is the
 * WhatsApp Business Account's id, its "password" an access token (spec §3 names them the
 * provider's login and password).
 */
const OWN_LABELS: Partial<Record<ConnectableChannelType, ReadonlySet<string>>> = {
  whatsapp: new Set(['login', 'phone', 'secret.password', 'secret.appSecret']),
  viber_bot: new Set(['secret.token']),
  avito: new Set(['clientId', 'secret.clientSecret']),
  viber: new Set(['serviceId']),
};

/** The message key of a field's label (`login`, `secret.password`) on a type's form. */
export const fieldLabelKey = (type: ConnectableChannelType, key: string): string =>
  OWN_LABELS[type]?.has(key) ? `channels.form.${type}.${key}` : `channels.form.${key}`;

/** The settings a type's form shows, in order. */
export const settingFields = (type: ConnectableChannelType): string[] =>
  Object.keys(SETTING_DEFAULTS[type]);

/** The secrets a type's form asks for (`token`, `password`). */
export const secretFields = (type: ConnectableChannelType): string[] =>
  Object.keys(CHANNEL_TYPE_SETTINGS[type].secrets.entries);

const lines = (typed: string): string[] =>
  typed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function storedSetting(channel: Channel, key: string): string | undefined {
  const s = channel.settings;
  if (key === 'toAddresses' || key === 'copyAddresses') {
    const kind = key === 'toAddresses' ? 'to' : 'copy';
    const list = Array.isArray(s.addresses)
      ? (s.addresses as { address: string; kind: string }[])
      : [];
    return list
      .filter((entry) => entry.kind === kind)
      .map((entry) => entry.address)
      .join('\n');
  }
  const value = s[key];
  if (Array.isArray(value)) return value.filter((x) => typeof x === 'string').join('\n');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return undefined;
}

/** The form's values for a new channel of a type, or for a stored one. */
export function channelFormDefaults(
  type: ConnectableChannelType,
  channel: Channel | undefined,
): ChannelFormValues {
  const settings = { ...SETTING_DEFAULTS[type] };
  if (channel)
    for (const key of Object.keys(settings))
      settings[key] = storedSetting(channel, key) ?? settings[key] ?? '';
  return {
    name: channel?.name ?? '',
    teamId: channel?.teamId ?? '',
    notificationEmail: channel?.notificationEmail ?? '',
    teamVisibility: channel?.teamVisibility ?? false,
    active: channel?.active ?? true,
    ratingText: channel?.ratingText ?? '',
    ratingBeforeEnd: channel?.ratingBeforeEnd ?? false,
    settings,
    secrets: Object.fromEntries(secretFields(type).map((name) => [name, ''])),
  };
}

/** A secret as a form shows it: set (masked, replaced only by typing) or not set. */
export const secretIsSet = (channel: Channel | undefined, name: string): boolean =>
  channel?.secretsSet.includes(name) ?? false;

/** The settings as the protocol's schema for the type takes them. */
function settingsInput(type: ConnectableChannelType, typed: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(typed)) {
    if (key === 'toAddresses' || key === 'copyAddresses') continue;
    if (LIST_SETTINGS.has(key)) out[key] = lines(value);
    else if (key === 'logoUrl') out[key] = value.trim() === '' ? null : value;
    else out[key] = value;
  }
  if (type === 'email')
    out.addresses = [
      ...lines(typed.toAddresses ?? '').map((address) => ({ address, kind: 'to' })),
      ...lines(typed.copyAddresses ?? '').map((address) => ({ address, kind: 'copy' })),
    ];
  return out;
}

/** A field of the form: a General one, `settings.<key>` or `secrets.<name>`. */
export type ChannelField = string;
export type ChannelProblems = Record<ChannelField, FieldProblem>;

const problemOf = (typed: unknown, issue: v.BaseIssue<unknown>): FieldProblem => {
  if (typed === undefined || (typeof typed === 'string' && typed.trim() === ''))
    return { kind: 'required' };
  if (issue.type === 'max_length') return { kind: 'tooLong', max: Number(issue.requirement) };
  if (issue.message !== 'VALIDATION_FAILED' && Object.hasOwn(ERROR_TEXTS, issue.message))
    return { kind: 'error', name: issue.message as ErrorName };
  return { kind: 'invalid' };
};

/** Which setting an issue concerns: an e-mail address list reads as its To or Copy box. */
function settingField(issue: v.BaseIssue<unknown>, values: ChannelFormValues): string | undefined {
  const key = issue.path?.[0]?.key;
  if (typeof key !== 'string') return undefined;
  if (key === 'addresses') {
    const index = issue.path?.[1]?.key;
    const toCount = lines(values.settings.toAddresses ?? '').length;
    return typeof index === 'number' && index >= toCount
      ? 'settings.copyAddresses'
      : 'settings.toAddresses';
  }
  return `settings.${key}`;
}

/**
 * The form checked before sending, with the schemas the server parses: the General fields
 * (spec §5: a name), the type's settings (an e-mail port is numeric, hosts and login required) and
 * secrets (required on create; on an edit only one typed is sent). The command, or each wrong
 * field's problem.
 */
export function checkChannelForm(
  values: ChannelFormValues,
  ids: { channelId: string; type: ConnectableChannelType; isNew: boolean },
):
  | {
      ok: true;
      command:
        | { type: 'channel.create'; payload: v.InferOutput<typeof ChannelCreatePayload> }
        | { type: 'channel.update'; payload: v.InferOutput<typeof ChannelUpdatePayload> };
    }
  | { ok: false; problems: ChannelProblems } {
  const problems: ChannelProblems = {};
  const typeSchemas = CHANNEL_TYPE_SETTINGS[ids.type];
  const settings = settingsInput(ids.type, values.settings);
  const parsedSettings = v.safeParse(typeSchemas.settings, settings);
  if (!parsedSettings.success)
    for (const issue of parsedSettings.issues) {
      const field = settingField(issue, values);
      if (!field || problems[field]) continue;
      const typed = values.settings[field.slice('settings.'.length)];
      problems[field] = problemOf(typed, issue);
    }
  const secrets: Record<string, string> = {};
  for (const name of secretFields(ids.type)) {
    const typed = values.secrets[name] ?? '';
    if (typed.trim() !== '') secrets[name] = typed.trim();
    else if (ids.isNew) problems[`secrets.${name}`] = { kind: 'required' };
  }
  const input = {
    channelId: ids.channelId,
    name: values.name,
    teamId: values.teamId === '' ? null : values.teamId,
    notificationEmail:
      values.notificationEmail.trim() === '' ? null : values.notificationEmail.trim(),
    teamVisibility: values.teamVisibility,
    active: values.active,
    ratingText: values.ratingText,
    ratingBeforeEnd: values.ratingBeforeEnd,
    settings,
    secrets,
    ...(ids.isNew ? { type: ids.type } : {}),
  };
  const parsed = ids.isNew
    ? v.safeParse(ChannelCreatePayload, input)
    : v.safeParse(ChannelUpdatePayload, input);
  if (!parsed.success)
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key !== 'string' || key === 'settings' || key === 'secrets' || problems[key])
        continue;
      problems[key] =
        key === 'notificationEmail'
          ? { kind: 'error', name: 'INVALID_EMAIL_FORMAT' }
          : problemOf((values as unknown as Record<string, unknown>)[key], issue);
    }
  if (!parsed.success || Object.keys(problems).length > 0) return { ok: false, problems };
  return ids.isNew
    ? {
        ok: true,
        command: {
          type: 'channel.create',
          payload: parsed.output as v.InferOutput<typeof ChannelCreatePayload>,
        },
      }
    : { ok: true, command: { type: 'channel.update', payload: parsed.output } };
}

/** The General boxes a refusal naming its field (`params.field`) can show at. */
const SHOWN_FIELDS = new Set([
  'name',
  'teamId',
  'notificationEmail',
  'ratingText',
  'settings.shownChannelIds',
]);

/**
 * Where the server's refusal shows (anything else, like a mail server that cannot be reached,
 * above the buttons): a wrong token at the token (spec §8 "Incorrect token
 * specified"), a taken name at the name, a mail server that does not answer at the password.
 */
export const channelRefusal = (error: ApiError | undefined, type: ConnectableChannelType) =>
  refusalPlace<ChannelField>(error, (key) => fieldOfRefusal(type, key), {
    SERVICE_ACCOUNT_DUPLICATE_NAME: 'name',
    TEAM_NOT_FOUND: 'teamId',
    ...(type === 'telegram'
      ? {
          SERVICE_ACCOUNT_INVALID_TOKEN: 'secrets.token',
          TOKEN_NOT_FROM_CURRENT_BOT: 'secrets.token',
          SERVICE_ACCOUNT_INVALID_FIELDS: 'secrets.token',
          SERVICE_ACCOUNT_EXISTS: 'secrets.token',
        }
      : {}),
    ...(type === 'email'
      ? { INVALID_CREDENTIALS: 'secrets.password', SERVICE_ACCOUNT_EXISTS: 'settings.login' }
      : {}),
    ...(type === 'avito'
      ? {
          SERVICE_ACCOUNT_INVALID_TOKEN: 'secrets.clientSecret',
          SERVICE_ACCOUNT_EXISTS: 'settings.clientId',
          TOKEN_NOT_FROM_CURRENT_BOT: 'settings.clientId',
        }
      : {}),
    ...(type === 'viber'
      ? {
          SERVICE_ACCOUNT_INVALID_FIELDS: 'settings.serviceId',
          SERVICE_ACCOUNT_EXISTS: 'settings.serviceId',
          TOKEN_NOT_FROM_CURRENT_BOT: 'settings.serviceId',
        }
      : {}),
    ...(type === 'viber_bot'
      ? {
          SERVICE_ACCOUNT_INVALID_TOKEN: 'secrets.token',
          TOKEN_NOT_FROM_CURRENT_BOT: 'secrets.token',
          SERVICE_ACCOUNT_EXISTS: 'secrets.token',
          CHANNEL_PHOTO_INVALID: 'settings.avatarFileId',
        }
      : {}),
    // A sign-in refused, used up, of another account or of one another channel has: at the sign-in.
    ...(type === 'instagram' || type === 'vk_bot' || type === 'facebook'
      ? {
          SERVICE_ACCOUNT_INVALID_TOKEN: 'secrets.grant',
          TOKEN_NOT_FROM_CURRENT_BOT: 'secrets.grant',
          SERVICE_ACCOUNT_EXISTS: 'secrets.grant',
          SERVICE_ACCOUNT_INVALID_FIELDS: 'secrets.grant',
        }
      : {}),
    // The number names the account: another channel's, or not this channel's any more. Which of
    // the other fields is wrong the server says in the refusal's field.
    ...(type === 'whatsapp'
      ? {
          SERVICE_ACCOUNT_INVALID_TOKEN: 'secrets.password',
          SERVICE_ACCOUNT_EXISTS: 'settings.phone',
          TOKEN_NOT_FROM_CURRENT_BOT: 'settings.phone',
        }
      : {}),
  });

/**
 * The box a refusal's `field` names: a General one, or one of the type's settings or secrets
 * (a provider's check names `login`, `phone`, `password` as the type's schema does).
 */
function fieldOfRefusal(type: ConnectableChannelType, key: string): ChannelField | undefined {
  if (SHOWN_FIELDS.has(key)) return key;
  if (settingFields(type).includes(key)) return `settings.${key}`;
  if (secretFields(type).includes(key)) return `secrets.${key}`;
  return undefined;
}

/** A channel the site chat's "channels shown" offers: one a customer can open. */
export type ShownChannelChoice = {
  id: string;
  name: string;
  type: Channel['type'];
  /** Where the widget sends the customer (t.me/…, mailto:…), shown beside the name. */
  link: string;
  active: boolean;
  checked: boolean;
  /** Unchecked while the list is full. */
  disabled: boolean;
};

/**
 * The choices of a site chat's "channels shown": the organization's channels with a customer link
 * (customer-links.ts), by type then name. A switched-off channel is offered only while it is on
 * the list (the server refuses listing it anew; left on, it shows again once switched on).
 */
export function shownChannelChoices(
  channels: readonly Channel[],
  selfId: string,
  typed: string,
): ShownChannelChoice[] {
  const selected = new Set(lines(typed));
  const full = selected.size >= SHOWN_CHANNELS_MAX;
  const typeOrder = (type: string) => (LINKED_CHANNEL_TYPES as readonly string[]).indexOf(type);
  return channels
    .flatMap((channel) => {
      const link = customerLinkOf(channel);
      const checked = selected.has(channel.id);
      if (channel.id === selfId || !link || (!channel.active && !checked)) return [];
      const { id, name, type, active } = channel;
      return [{ id, name, type, link, active, checked, disabled: full && !checked }];
    })
    .sort((a, b) => typeOrder(a.type) - typeOrder(b.type) || a.name.localeCompare(b.name));
}

/**
 * The typed list after a checkbox changed, in the choices' order (the widget's order). Ids on the
 * list that are not among the choices (a channel this browser has not synced) stay as they were.
 */
export function toggleShownChannel(
  typed: string,
  choices: readonly ShownChannelChoice[],
  id: string,
  checked: boolean,
): string {
  const selected = new Set(lines(typed));
  if (checked) selected.add(id);
  else selected.delete(id);
  const offered = new Set(choices.map((choice) => choice.id));
  return [
    ...choices.filter((choice) => selected.has(choice.id)).map((choice) => choice.id),
    ...[...selected].filter((kept) => !offered.has(kept)),
  ].join('\n');
}

/** A stored channel's type when it has a form here. */
export const formType = (type: string): ConnectableChannelType | null =>
  isConnectableType(type) ? type : null;

/**
 * The tag a company puts on its own pages to show the chat (docs/site-chat-widget.md): the widget
 * script from this installation's address, naming the channel. The widget reads its API address
 * from the script's own address, so the snippet works on any site the channel allows.
 */
export const embedSnippet = (appOrigin: string, channelId: string): string =>
  `<script src="${appOrigin}/widget.js" data-channel="${channelId}" async></script>`;
