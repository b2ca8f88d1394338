import * as v from 'valibot';
import { IdSchema, TimestampSchema } from './ids';
import { SyncTableSchema } from './synced-tables';

/**
 * What the client applies blindly: whole rows put, or keys deleted. A `delete` of a chat means
 * the chat left the user's sight: the store removes the rows of its thread tables (messages,
 * history: SYNCED_TABLES entries with a `thread`) with it.
 */
export const ChangeSchema = v.variant('op', [
  v.object({
    table: SyncTableSchema,
    op: v.literal('put'),
    key: v.string(),
    row: v.record(v.string(), v.unknown()),
  }),
  v.object({ table: SyncTableSchema, op: v.literal('delete'), key: v.string() }),
]);
export type Change = v.InferOutput<typeof ChangeSchema>;

export const ActorSchema = v.variant('kind', [
  v.object({ kind: v.literal('user'), id: IdSchema }),
  v.object({ kind: v.literal('channel'), id: IdSchema }),
  v.object({ kind: v.literal('system') }),
]);
export type Actor = v.InferOutput<typeof ActorSchema>;

/** Domain facts, used for history timelines, notifications and reports. */
export const EVENT_TYPES = [
  'message.added',
  /** A reply's delivery moved forward (sent → delivered → read) or failed (undelivered). */
  'message.statusChanged',
  /** A reply held (its channel's credentials lapsed) or released to go. */
  'message.deliveryHeld',
  'chat.created',
  'chat.assigned',
  'chat.unassigned',
  'chat.transferred',
  'chat.closed',
  'chat.expiryChanged',
  'chat.categorySet',
  'chat.rated',
  'operator.statusChanged',
  'user.updated',
  'routingRule.saved',
  'routingRule.deleted',
  'autoReplies.saved',
  /** A registered messenger template written, submitted, reviewed by the provider, or deleted. */
  'messengerTemplate.saved',
  'messengerTemplate.submitted',
  'messengerTemplate.reviewed',
  'messengerTemplate.deleted',
  'chatbot.saved',
  'chatbot.published',
  'chatbot.restored',
  'chatbot.deleted',
  'team.distributionSet',
  'team.created',
  'team.updated',
  'team.deleted',
  /** Users joined or left a team from its panel (team.setMembers). */
  'team.membersSet',
  'role.created',
  'role.updated',
  'role.deleted',
  'user.created',
  'channel.thresholdsSet',
  'channel.created',
  'channel.updated',
  'channel.activeSet',
  /** The pipeline's throttled health write (docs/channels.md "Health"). */
  'channel.healthChanged',
  /** A channel's credentials lapsed (the provider refused them): its replies are held. */
  'channel.reauthorizationRequired',
  /** A channel with lapsed credentials was authorised again: its held replies go. */
  'channel.reauthorized',
  'client.created',
  'client.updated',
  'client.spamSet',
  'client.tagsChanged',
  'client.commentAdded',
  'client.commentDeleted',
  'client.fieldsChanged',
  'client.contactAdded',
  'client.contactRemoved',
  'client.companiesChanged',
  'client.merged',
  'company.created',
  'clientStatus.created',
  'clientStatus.updated',
  'clientStatus.deleted',
  'blacklist.added',
  'blacklist.removed',
  /** A blacklisted customer's message, set aside at ingest (blocked_messages). */
  'message.blocked',
  'requestCategory.created',
  'requestCategory.updated',
  'requestCategory.moved',
  /** A category removed: `retiredIds` kept for history, `deletedIds` erased. */
  'requestCategory.removed',
  'organization.usesCategoriesSet',
  /** The organization's report time zone changed; its roll-ups are rebuilt in the new one. */
  'organization.timeZoneSet',
  'templateCategory.created',
  'templateCategory.updated',
  'templateCategory.deleted',
  'template.created',
  'template.updated',
  'template.deleted',
  /** The reports worker's today's figures for online monitoring (entities/day-figures.ts). */
  'monitoring.figuresChanged',
] as const;

export const EventSchema = v.object({
  seq: v.number(),
  id: IdSchema,
  type: v.picklist(EVENT_TYPES),
  at: TimestampSchema,
  actor: ActorSchema,
  commandId: v.nullable(IdSchema),
  data: v.record(v.string(), v.unknown()),
  changes: v.array(ChangeSchema),
});
export type SyncEvent = v.InferOutput<typeof EventSchema>;
export type EventType = SyncEvent['type'];
