import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';
import { SafeText } from '../text';
import { EmailSchema } from '../validation';
import { ChannelRatingTextSchema, ChannelSchema } from '../entities/channel';
import { CONNECTABLE_CHANNEL_TYPES } from '../channel-settings';
import { commandArea } from './command-area';

/**
 * Per-type settings as the form sends them; checked against the type's own schema
 * (CHANNEL_TYPE_SETTINGS) by the server, which knows the stored type on an update.
 */
const SettingsInput = v.record(v.pipe(v.string(), v.maxLength(64)), v.unknown());

/**
 * New secret values, by name. Write-only: only the secrets typed anew are sent; one left out keeps
 * its stored value, so a form never needs (and never gets) the old one.
 */
const SecretsInput = v.record(
  v.pipe(v.string(), v.maxLength(64)),
  v.pipe(v.string(), SafeText, v.maxLength(LIMITS.channelSecretMax)),
);

/** The General tab of spec §2, shared by create and update. */
const CHANNEL_GENERAL_FIELDS = {
  channelId: IdSchema,
  name: v.pipe(ChannelSchema.entries.name, v.maxLength(LIMITS.channelNameMax), SafeText),
  teamId: v.nullable(IdSchema),
  notificationEmail: v.nullable(EmailSchema),
  teamVisibility: v.boolean(),
  active: v.boolean(),
  ratingText: v.pipe(ChannelRatingTextSchema, SafeText),
  ratingBeforeEnd: v.boolean(),
  settings: SettingsInput,
  secrets: SecretsInput,
};

/**
 * Connects a channel. The server checks the credentials with the provider before anything is
 * written (docs/channels.md "Commands that ask a provider"): a token that does not answer is
 * SERVICE_ACCOUNT_INVALID_TOKEN, a Telegram bot whose name does not end in "bot"
 * SERVICE_ACCOUNT_INVALID_FIELDS, a bot or mailbox another channel already uses
 * SERVICE_ACCOUNT_EXISTS, a taken name SERVICE_ACCOUNT_DUPLICATE_NAME.
 */
export const ChannelCreatePayload = v.object({
  ...CHANNEL_GENERAL_FIELDS,
  type: v.picklist(CONNECTABLE_CHANNEL_TYPES),
});

/**
 * Saves a channel's General tab and its per-type settings; its type never changes. New secrets
 * are checked with the provider as on create; a new token of another bot is
 * TOKEN_NOT_FROM_CURRENT_BOT.
 */
export const ChannelUpdatePayload = v.object(CHANNEL_GENERAL_FIELDS);

/**
 * Turns a channel on or off (spec §4: an inactive channel takes no messages and replies into it
 * are refused with SEND_TO_DEACTIVATED_CHANNEL). Channels are never deleted: their chats and
 * history keep naming them (docs/channels.md).
 */
export const ChannelSetActivePayload = v.object({ channelId: IdSchema, active: v.boolean() });

/** Connecting and configuring channels (spec §2, §3; right AUTHORITY_SERVICE_ACCOUNT). */
export const CHANNEL_COMMANDS = commandArea(
  {
    'channel.create': ChannelCreatePayload,
    'channel.update': ChannelUpdatePayload,
    'channel.setActive': ChannelSetActivePayload,
  },
  ['channel.create', 'channel.update', 'channel.setActive'],
);
