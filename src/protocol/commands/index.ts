import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';
import { AttachmentListSchema } from '../attachments';
import {
  CustomerMessageTextSchema,
  EmailSchema,
  MessageTextSchema,
  PasswordSchema,
  customerDetail,
} from '../validation';
import { ParsedLater, SafeText } from '../text';
import { OperatorStatusSchema, UserSchema } from '../entities/user';
import { RoutingRuleSchema } from '../entities/routing-rule';
import { AutoRepliesSavePayload } from '../entities/auto-reply';
import { TEAM_DISTRIBUTION_FIELDS, TeamSchema } from '../entities/team';
import { ExpiryThresholdSchema } from '../entities/channel';
import { RoleSchema } from '../entities/role';

/**
 * Commands: `{ id, type, payload }`. The same schema validates in the form, in the outbox and
 * on the server. Message ids are chosen by the sender so an offline message keeps its id.
 */
export const MessageSendPayload = v.object({
  chatId: IdSchema,
  messageId: v.optional(IdSchema),
  text: MessageTextSchema,
  internal: v.optional(v.boolean(), false),
  /** Files uploaded (PUT /api/files/:id) before the command is sent; the server checks each. */
  attachments: AttachmentListSchema,
});

export const ChatTakePayload = v.object({ chatId: IdSchema });

export const ChatTransferPayload = v.object({
  chatId: IdSchema,
  to: v.union([v.strictObject({ operatorId: IdSchema }), v.strictObject({ teamId: IdSchema })]),
});

export const ChatClosePayload = v.object({
  chatId: IdSchema,
  categoryId: v.optional(v.nullable(IdSchema)),
});

/** A staff member starts a conversation with a known client on one of the client's channels. */
export const ChatCreatePayload = v.object({
  chatId: IdSchema,
  clientId: IdSchema,
  channelId: IdSchema,
  messageId: v.optional(IdSchema),
  text: MessageTextSchema,
});

export const ChatSetCategoryPayload = v.object({
  chatId: IdSchema,
  categoryId: v.nullable(IdSchema),
});

/** A customer's quality rating (spec §3: 1 to 5) through a one-time rating link. */
export const ChatRatePayload = v.object({
  ratingLinkId: IdSchema,
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
});

export const OperatorSetStatusPayload = v.object({ status: OperatorStatusSchema });

/** A customer's message as a channel adapter delivers it; never accepted from staff tokens. */
export const MessageReceivePayload = v.object({
  channelId: IdSchema,
  messageId: v.optional(IdSchema),
  /** The customer as the channel knows them: its own id for them, and what it tells of them. */
  client: v.object({
    externalId: customerDetail(1, 255),
    name: v.optional(customerDetail(0, 255)),
    phone: v.optional(customerDetail(0, LIMITS.phoneMax)),
    email: v.optional(customerDetail(0, 255)),
  }),
  /** May be empty when the message is files only. Made safe, never refused (src/protocol/text.ts). */
  text: CustomerMessageTextSchema,
  /** Files this customer uploaded through the channel (the widget: PUT /api/widget/files/:id). */
  attachments: AttachmentListSchema,
});

/** Removes a routing rule of a channel; the default rule stays (DEFAULT_RULE_UPDATE). */
export const RoutingRuleDeletePayload = v.object({ ruleId: IdSchema });

/** A team's distribution settings, saved together as its Distribution form shows them. */
export const TeamSetDistributionPayload = v.object({
  teamId: IdSchema,
  ...TEAM_DISTRIBUTION_FIELDS,
});

/**
 * A team as its side panel saves it (spec §2, §3, §5): created with an id the client chooses, or
 * updated whole. The name is unique in the organization (TEAM_EXISTS).
 */
export const TeamSavePayload = v.object({
  teamId: IdSchema,
  // SafeText: the form tells a refused character at once, before the server would.
  name: v.pipe(TeamSchema.entries.name, SafeText),
  description: v.pipe(TeamSchema.entries.description, SafeText),
  ...TEAM_DISTRIBUTION_FIELDS,
});

/** Deletes a team that no open chat, channel or routing rule depends on (TEAM_IN_USE). */
export const TeamDeletePayload = v.object({ teamId: IdSchema });

/**
 * A created role as the Roles screen saves it (spec §3, §6): name unique in the organization
 * (ROLE_EXISTS), description, and rights chosen from RIGHTS. Built-in roles are refused
 * (IMMUTABLE_ROLE_UPDATE); RIGHT_OBSERVER is never a client organization's (VALIDATION_FAILED).
 */
export const RoleSavePayload = v.object({
  roleId: IdSchema,
  name: v.pipe(RoleSchema.entries.name, SafeText),
  description: v.pipe(RoleSchema.entries.description, SafeText),
  rights: RoleSchema.entries.rights,
});

/** Deletes a created role no user holds (ROLE_IN_USE). */
export const RoleDeletePayload = v.object({ roleId: IdSchema });

/** What the Users screen saves of a user (spec §2, §3, §5); the e-mail is unique (EMAIL_ALREADY_USED). */
const USER_FIELDS = {
  userId: IdSchema,
  name: v.pipe(UserSchema.entries.name, SafeText),
  email: EmailSchema,
  phone: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), SafeText, v.maxLength(LIMITS.phoneMax))),
    null,
  ),
  roleId: IdSchema,
  /** Changing them needs AUTHORITY_TEAM_MANAGEMENT besides the right to manage users. */
  teamIds: UserSchema.entries.teamIds,
  /** Spec §5: a wrong value (not 1–999 whole minutes) disables the automatic break: stored null. */
  autoBreakMinutes: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((minutes) =>
        v.is(UserSchema.entries.autoBreakMinutes, minutes) ? minutes : null,
      ),
    ),
    null,
  ),
  active: v.boolean(),
  /** What the person belongs to (department, contractor company); empty means none. */
  affiliation: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        SafeText,
        v.maxLength(LIMITS.affiliationMax),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  ),
  /**
   * The profile photo: a JPEG of at most LIMITS.photoMaxBytes the sender uploaded (PUT
   * /api/files/:id) before the command; null removes the photo; absent keeps the one there is.
   */
  photoFileId: v.optional(v.nullable(IdSchema)),
};

/** A new user with their first password, typed twice (PASSWORDS_DO_NOT_MATCH). */
export const UserCreatePayload = v.pipe(
  v.object({ ...USER_FIELDS, password: PasswordSchema, repeatPassword: v.string() }),
  v.forward(
    v.check((b) => b.password === b.repeatPassword, 'PASSWORDS_DO_NOT_MATCH'),
    ['repeatPassword'],
  ),
);

/**
 * A user saved whole; deactivating ends their sessions and re-queues their chats. A password,
 * when given (with its repeat), is a new one set by the administrator: every session of the user
 * ends. Nobody sets their own this way (the profile asks for the current password).
 */
export const UserUpdatePayload = v.pipe(
  v.object({
    ...USER_FIELDS,
    password: v.optional(PasswordSchema),
    repeatPassword: v.optional(v.string()),
  }),
  v.forward(
    v.check((b) => b.password === b.repeatPassword, 'PASSWORDS_DO_NOT_MATCH'),
    ['repeatPassword'],
  ),
);

/**
 * A channel's expiry thresholds. Either may be off; when both are on, the half-expired one comes
 * first, or a chat would turn red before it ever turned yellow.
 */
export const ChannelSetThresholdsPayload = v.pipe(
  v.object({
    channelId: IdSchema,
    halfExpiredMinutes: ExpiryThresholdSchema,
    expiredMinutes: ExpiryThresholdSchema,
  }),
  v.forward(
    v.check(
      (t) =>
        t.halfExpiredMinutes === null ||
        t.expiredMinutes === null ||
        t.halfExpiredMinutes < t.expiredMinutes,
      'VALIDATION_FAILED',
    ),
    ['halfExpiredMinutes'],
  ),
);

export const COMMAND_PAYLOADS = {
  'message.send': MessageSendPayload,
  'chat.take': ChatTakePayload,
  'chat.transfer': ChatTransferPayload,
  'chat.close': ChatClosePayload,
  'chat.setCategory': ChatSetCategoryPayload,
  'chat.create': ChatCreatePayload,
  'operator.setStatus': OperatorSetStatusPayload,
  'message.receive': MessageReceivePayload,
  'chat.rate': ChatRatePayload,
  /** Creates or updates a channel's rule by its id (chosen by the client, as every id). */
  'routingRule.save': RoutingRuleSchema,
  'routingRule.delete': RoutingRuleDeletePayload,
  'autoReplies.save': AutoRepliesSavePayload,
  'team.setDistribution': TeamSetDistributionPayload,
  'team.create': TeamSavePayload,
  'team.update': TeamSavePayload,
  'team.delete': TeamDeletePayload,
  'role.create': RoleSavePayload,
  'role.update': RoleSavePayload,
  'role.delete': RoleDeletePayload,
  'user.create': UserCreatePayload,
  'user.update': UserUpdatePayload,
  'channel.setThresholds': ChannelSetThresholdsPayload,
} as const;

export type CommandType = keyof typeof COMMAND_PAYLOADS;
export const COMMAND_TYPES = Object.keys(COMMAND_PAYLOADS) as CommandType[];
export type CommandPayload<T extends CommandType> = v.InferOutput<(typeof COMMAND_PAYLOADS)[T]>;

/** Commands a staff token may send; the rest come only from channel adapters. */
export const STAFF_COMMAND_TYPES: readonly CommandType[] = [
  'message.send',
  'chat.take',
  'chat.transfer',
  'chat.close',
  'chat.setCategory',
  'chat.create',
  'operator.setStatus',
  'routingRule.save',
  'routingRule.delete',
  'autoReplies.save',
  'team.setDistribution',
  'channel.setThresholds',
  'team.create',
  'team.update',
  'team.delete',
  'role.create',
  'role.update',
  'role.delete',
  'user.create',
  'user.update',
];

/**
 * The envelope; the payload is checked against its type's schema separately (ParsedLater), so a
 * bad payload refuses its own command, not the batch it came in.
 */
export const CommandEnvelopeSchema = v.object({
  id: IdSchema,
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  payload: ParsedLater,
});
export type CommandEnvelope = v.InferOutput<typeof CommandEnvelopeSchema>;

export type Command = {
  [T in CommandType]: { id: string; type: T; payload: CommandPayload<T> };
}[CommandType];
