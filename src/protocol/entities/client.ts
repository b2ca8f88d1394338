import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';

export const INNER_CLIENT_STATUSES = [
  'NEW',
  'POTENTIAL_CLIENT',
  'CONTACT_LATER',
  'COMPLETED',
  'NOT_OUR_CLIENT',
  'REFUSAL',
] as const;
export type InnerClientStatus = (typeof INNER_CLIENT_STATUSES)[number];

export const isInnerClientStatus = (status: string): status is InnerClientStatus =>
  (INNER_CLIENT_STATUSES as readonly string[]).includes(status);

/**
 * A tag (spec §5 "tag format checked"): words of letters, digits, `_` and `-`, joined by single
 * spaces, at most `LIMITS.clientTagMax` characters. Two tags differing only in case are one tag
 * (PROFILE_TAG_EXISTS), so "VIP" and "vip" never both stand on a profile.
 */
export const TAG_PATTERN = /^[\p{L}\p{N}_-]+(?: [\p{L}\p{N}_-]+)*$/u;
export const TagSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(LIMITS.clientTagMax),
  v.regex(TAG_PATTERN),
);

/** An additional field of a profile (spec §3 "name, value"); names are unique on a profile. */
export const ClientFieldSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.clientFieldNameMax)),
  value: v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.clientFieldValueMax)),
});
export type ClientField = v.InferOutput<typeof ClientFieldSchema>;

/** A customer ("abonent") profile (spec §1, §3). */
export const ClientSchema = v.object({
  id: IdSchema,
  name: v.string(),
  /** The first phone and e-mail among the contacts, kept on the row for the list and its search. */
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  /** An inner status name or a custom status id (`clientStatuses`). */
  status: v.string(),
  tags: v.array(v.string()),
  fields: v.array(ClientFieldSchema),
  companyIds: v.array(IdSchema),
  personalManagerId: v.nullable(IdSchema),
  /** Spam clients' chats leave the chat lists until the flag is lifted (docs/client-profiles.md). */
  spam: v.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Client = v.InferOutput<typeof ClientSchema>;

export const CONTACT_KINDS = ['phone', 'email', 'channel'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/**
 * One way to reach a client: a phone (E.164), an e-mail (lower case) or a channel identity (the
 * channel's own id for them, `channelId` set). A phone or e-mail belongs to one client of the
 * organization, an identity to one client of its channel (PROFILE_CONTACT_EXISTS).
 */
export const ClientContactSchema = v.object({
  id: IdSchema,
  clientId: IdSchema,
  kind: v.picklist(CONTACT_KINDS),
  value: v.string(),
  channelId: v.nullable(IdSchema),
  createdAt: TimestampSchema,
});
export type ClientContact = v.InferOutput<typeof ClientContactSchema>;

/** A staff member's comment on a profile, with its author and time. */
export const ClientCommentSchema = v.object({
  id: IdSchema,
  clientId: IdSchema,
  authorId: v.nullable(IdSchema),
  text: v.string(),
  createdAt: TimestampSchema,
});
export type ClientComment = v.InferOutput<typeof ClientCommentSchema>;

/**
 * A profile merged into another (spec §3 "merged contacts"): keyed by the merged profile's own id,
 * so an id held by an offline browser or an old link still finds the client it became.
 */
export const ClientMergeSchema = v.object({
  id: IdSchema,
  survivorId: IdSchema,
  /** The merged profile's name when it was merged, for the survivor's list. */
  name: v.string(),
  mergedBy: v.nullable(IdSchema),
  mergedAt: TimestampSchema,
});
export type ClientMerge = v.InferOutput<typeof ClientMergeSchema>;
