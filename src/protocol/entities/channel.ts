import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';

/** Channel type keys of spec §3. */
export const CHANNEL_TYPES = [
  'apple_business_chat',
  'avito',
  'chat_page',
  'email',
  'facebook',
  'instagram',
  'mobile_app',
  'ozon',
  'site_chat',
  'telegram',
  'viber',
  'viber_bot',
  'vk',
  'vk_bot',
  'whatsapp',
  'ya_market',
  'voip',
  'support',
] as const;
export const ChannelTypeSchema = v.picklist(CHANNEL_TYPES);

/**
 * Channel types with list, create and edit pages (spec §2), in the spec's order; the routes and the
 * channel list both read it. Support is made by the platform: it has an edit page only.
 */
export const CHANNEL_PAGE_TYPES = [
  'telegram',
  'site_chat',
  'whatsapp',
  'viber',
  'viber_bot',
  'vk_bot',
  'email',
  'voip',
  'instagram',
  // Not among the spec's pages, but issue 23's channels: a company connects them here too.
  'avito',
  'facebook',
] as const satisfies readonly (typeof CHANNEL_TYPES)[number][];
export type ChannelType = v.InferOutput<typeof ChannelTypeSchema>;

/** Minutes of waiting after which a chat turns half-expired (yellow) or expired (red); null: off. */
export const ExpiryThresholdSchema = v.nullable(
  v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.storedIntegerMax)),
);

/** The service-assessment text a channel sends when it asks for a rating (spec §3). */
export const ChannelRatingTextSchema = v.pipe(v.string(), v.maxLength(LIMITS.channelRatingTextMax));

/**
 * What staff see of a channel. Tokens and provider passwords stay on the server (write-only,
 * docs/channels.md "Secrets"): the row says only which of them are set.
 */
export const ChannelSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1)),
  type: ChannelTypeSchema,
  active: v.boolean(),
  teamId: v.nullable(IdSchema),
  notificationEmail: v.nullable(v.string()),
  halfExpiredMinutes: ExpiryThresholdSchema,
  expiredMinutes: ExpiryThresholdSchema,
  /** Minutes a customer waits without a staff reply before the waiting auto-reply (1, 2 or 5). */
  autoReplyWaitMinutes: v.optional(v.pipe(v.number(), v.integer()), 1),
  /**
   * Per-type public settings (site_chat: welcomeMessage, title, subtitle, logoUrl, initialState,
   * allowedOrigins, the pages that may embed its widget: AllowedOriginsSchema in origins.ts, and
   * shownChannelIds, the other channels it offers: customer-links.ts;
   * telegram: botUsername as the provider told it; email: hosts, ports, login, addresses). Never
   * a secret.
   */
  settings: v.record(v.string(), v.unknown()),
  /** Names of the secrets this channel holds (`token`, `password`); never their values. */
  secretsSet: v.optional(v.array(v.string()), []),
  /** Spec §3 "team visibility": the channel is shown to its team's members (docs/channels.md). */
  teamVisibility: v.optional(v.boolean(), false),
  ratingText: v.optional(v.string(), ''),
  /** Whether the customer may rate before the dialog ends (spec §3). */
  ratingBeforeEnd: v.optional(v.boolean(), false),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Channel = v.InferOutput<typeof ChannelSchema>;
