import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { CONTACT_KINDS } from './client';

/**
 * A blacklist entry (spec §2 "black-list"): a phone, an e-mail or a channel identity, with who
 * added it and when. Messages from it are set aside at ingest: no chat, no notification.
 */
export const BlacklistEntrySchema = v.object({
  id: IdSchema,
  kind: v.picklist(CONTACT_KINDS),
  /** Normalised as contacts are: E.164, lower-case e-mail, the channel's id for the customer. */
  value: v.string(),
  channelId: v.nullable(IdSchema),
  addedBy: v.nullable(IdSchema),
  addedAt: TimestampSchema,
});
export type BlacklistEntry = v.InferOutput<typeof BlacklistEntrySchema>;

/** A message a blacklisted customer sent: kept, never delivered to a chat, shown on the blacklist page. */
export const BlockedMessageSchema = v.object({
  id: IdSchema,
  entryId: IdSchema,
  channelId: IdSchema,
  externalId: v.string(),
  name: v.nullable(v.string()),
  text: v.string(),
  /** How many files came with it; the files themselves are not kept. */
  attachmentCount: v.number(),
  receivedAt: TimestampSchema,
});
export type BlockedMessage = v.InferOutput<typeof BlockedMessageSchema>;
