import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';

/**
 * How a channel is doing, as the people who depend on it need to see (issue 19; research:
 * "channel health is a product feature"). A table of its own rather than fields of the channel
 * row: it changes with traffic, and the channel row is the administrator's settings. The
 * pipeline writes it throttled (docs/channels.md "Health"), so a busy channel does not flood sync.
 */
export const ChannelHealthSchema = v.object({
  /** The channel's id: one health row per channel. */
  id: IdSchema,
  /** The provider answered the last time we spoke to it (check, poll, webhook or send). */
  connected: v.boolean(),
  lastInboundAt: v.nullable(TimestampSchema),
  lastOutboundAt: v.nullable(TimestampSchema),
  /** The provider's last refusal or the last failure reaching it; null once it works again. */
  lastError: v.nullable(v.string()),
  lastErrorAt: v.nullable(TimestampSchema),
  /** Inbound events set aside after failing (docs/channels.md "Inbound"), waiting for a person. */
  setAsideEvents: v.number(),
  /** Replies waiting to be delivered (due, retrying, or held for a reauthorization). */
  pendingDeliveries: v.number(),
  /**
   * The provider refused the channel's credentials themselves (a lapsed or revoked token): its
   * replies wait, held, until an administrator authorises it again. Absent on older rows.
   */
  reauthorizationRequired: v.optional(v.boolean(), false),
  updatedAt: TimestampSchema,
});
export type ChannelHealth = v.InferOutput<typeof ChannelHealthSchema>;
