import * as v from 'valibot';
import { IdSchema } from './ids';
import { EmailSchema } from './validation';

/**
 * "Channels shown" of the site-chat widget (spec §3 site_chat): the organization's other channels
 * the widget offers as "also write to us in Telegram · E-mail", each as the public address a
 * customer opens. One rule, for the server's save check and widget answer and the settings page.
 */

/**
 * The most channels one widget offers. A row of links under the header: past a handful the
 * customer reads a menu instead of a choice, and a company has one bot and a mailbox or two.
 */
export const SHOWN_CHANNELS_MAX = 10;

/** The types with a public address a customer can open, in the order the form lists them. */
export const LINKED_CHANNEL_TYPES = ['telegram', 'email'] as const;
export type LinkedChannelType = (typeof LINKED_CHANNEL_TYPES)[number];

/**
 * A Telegram username as Telegram allows it (5–32 letters, digits and underscores, starting with
 * a letter). The bot's username comes from the provider's getMe; checking it keeps a provider's
 * odd answer from becoming a link to somewhere else.
 */
const TELEGRAM_USERNAME = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;

/**
 * The address a customer opens to write to a channel, from its public settings only (never a
 * secret): Telegram `https://t.me/<botUsername>` (the username the bot's check stored), e-mail
 * `mailto:<address>` (the mailbox's own address). Null for a type without one, or settings
 * that do not hold a valid one.
 */
export function customerLinkOf(channel: {
  type: string;
  settings: Readonly<Record<string, unknown>>;
}): string | null {
  const { settings } = channel;
  switch (channel.type) {
    case 'telegram': {
      const username = settings.botUsername;
      return typeof username === 'string' && TELEGRAM_USERNAME.test(username)
        ? `https://t.me/${username}`
        : null;
    }
    case 'email': {
      // The schema's addresses are letters, digits and `._+-` around one `@`: nothing to escape.
      const parsed = v.safeParse(EmailSchema, settings.address);
      return parsed.success ? `mailto:${parsed.output}` : null;
    }
    default:
      return null;
  }
}

/** `shownChannelIds` of a site-chat channel's settings: channel ids, a repeat dropped. */
export const ShownChannelIdsSchema = v.pipe(
  v.array(IdSchema),
  v.maxLength(SHOWN_CHANNELS_MAX),
  v.transform((ids) => [...new Set(ids)]),
);

/**
 * The shown channel ids a stored site-chat row holds. Settings are free-form JSON (written before
 * this setting existed, or by hand): anything that is not an id counts as none.
 */
export function shownChannelIdsOf(settings: Readonly<Record<string, unknown>>): string[] {
  const stored = settings.shownChannelIds;
  if (!Array.isArray(stored)) return [];
  const ids = stored.filter((id): id is string => v.is(IdSchema, id));
  return [...new Set(ids)].slice(0, SHOWN_CHANNELS_MAX);
}

/** What the widget learns of a shown channel: what to call it and where to send the customer. */
export type WidgetShownChannel = { type: LinkedChannelType; name: string; link: string };

const isLinkedType = (type: string): type is LinkedChannelType =>
  (LINKED_CHANNEL_TYPES as readonly string[]).includes(type);

/**
 * The widget's shown channels now: the listed ids in their order, each only while its channel is
 * there, active and has a link, so a channel switched off or removed leaves the widget without
 * an edit of the site chat. `channels` are the organization's rows; others are never shown.
 */
export function widgetShownChannels(
  shownIds: readonly string[],
  channels: readonly {
    id: string;
    type: string;
    name: string;
    active: boolean;
    settings: Readonly<Record<string, unknown>>;
  }[],
): WidgetShownChannel[] {
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  return shownIds.flatMap((id) => {
    const channel = byId.get(id);
    if (!channel?.active || !isLinkedType(channel.type)) return [];
    const link = customerLinkOf(channel);
    return link ? [{ type: channel.type, name: channel.name, link }] : [];
  });
}
