import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { VIBER_PHOTO, type CommandPayload } from '../../../src/protocol';
import {
  channelAuthorizations,
  channelHealth,
  channels,
  files,
  routingRules,
  teams,
} from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';
import { defaultRuleRow } from '../distribution/default-rule';
import { lockChannelSettings } from '../distribution/channel-access';
import { touchOpenChats } from '../distribution/open-chats';
import { checkedChannel, type CheckedChannel } from './channel-credentials';
import { channelPut, healthPut, routingRulePut } from './channel-changes';
import { refuseUnshowableChannels } from './shown-channels';
import { releaseHeldReplies } from './held-replies';

type ChannelGeneral = CommandPayload<'channel.update'>;

/** Channel names are unique in an organization regardless of case (spec §8 duplicate name). */
async function refuseTakenName(scope: CommandScope, name: string, channelId: string) {
  const [taken] = await scope.tx
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.orgId, scope.orgId),
        ne(channels.id, channelId),
        sql`lower(${channels.name}) = lower(${name})`,
      ),
    );
  if (taken) fail('SERVICE_ACCOUNT_DUPLICATE_NAME');
}

/**
 * One bot or mailbox feeds one channel, in any organization: two channels on one token would take
 * each other's updates (spec §8 "service account exists").
 */
async function refuseTakenIdentity(
  scope: CommandScope,
  type: string,
  identity: string,
  channelId: string,
) {
  const [taken] = await scope.tx
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.type, type),
        eq(channels.providerIdentity, identity),
        ne(channels.id, channelId),
      ),
    );
  if (taken) fail('SERVICE_ACCOUNT_EXISTS');
}

async function refuseUnknownTeam(scope: CommandScope, teamId: string | null) {
  if (!teamId) return;
  const [team] = await scope.tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.orgId, scope.orgId)));
  if (!team) fail('TEAM_NOT_FOUND');
}

/**
 * Uses up the provider sign-in a save's credentials came from, once and unexpired: two saves of
 * one sign-in cannot both take its token, and a sign-in left half an hour is asked for again.
 */
async function takeGrant(scope: CommandScope, checked: CheckedChannel): Promise<void> {
  if (!checked.grantId) return;
  const [taken] = await scope.tx
    .delete(channelAuthorizations)
    .where(
      and(
        eq(channelAuthorizations.id, checked.grantId),
        eq(channelAuthorizations.orgId, scope.orgId),
        gt(channelAuthorizations.expiresAt, scope.now),
      ),
    )
    .returning({ id: channelAuthorizations.id });
  if (!taken) fail('SERVICE_ACCOUNT_INVALID_TOKEN', { field: 'grant' });
}

/**
 * A Viber bot's photo (spec §3 "requires a jpg photo"): a file of this organization, a JPEG that
 * Viber takes as an avatar (100 KB at most). Viber fetches it by link whenever it shows the bot.
 */
async function refuseUnusablePhoto(
  scope: CommandScope,
  type: string,
  settings: Record<string, unknown>,
) {
  if (type !== 'viber_bot') return;
  const fileId = settings.avatarFileId;
  const [photo] =
    typeof fileId === 'string'
      ? await scope.tx
          .select({ type: files.type, size: files.size })
          .from(files)
          .where(and(eq(files.id, fileId), eq(files.orgId, scope.orgId)))
      : [];
  if (!photo || photo.type !== VIBER_PHOTO.type || photo.size > VIBER_PHOTO.maxBytes)
    fail('CHANNEL_PHOTO_INVALID', { field: 'avatarFileId' });
}

/** The General tab's columns of a save. */
const generalColumns = (payload: ChannelGeneral, checked: CheckedChannel) => ({
  name: payload.name,
  teamId: payload.teamId,
  notificationEmail: payload.notificationEmail,
  teamVisibility: payload.teamVisibility,
  active: payload.active,
  ratingText: payload.ratingText,
  ratingBeforeEnd: payload.ratingBeforeEnd,
  settings: checked.settings,
  secrets: checked.secrets,
});

/**
 * Connects a channel (spec §2 wizards): the prepare step checked its credentials with the provider;
 * here the name, the team and the provider account are checked against what is stored, and the
 * channel is written with its default routing rule and its health row.
 */
export async function channelCreate(
  scope: CommandScope,
  payload: CommandPayload<'channel.create'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const checked = checkedChannel(scope.prepared);
  const [used] = await scope.tx
    .select({ id: channels.id })
    .from(channels)
    .where(eq(channels.id, payload.channelId));
  if (used) fail('VALIDATION_FAILED', { field: 'channelId' });
  await refuseTakenName(scope, payload.name, payload.channelId);
  await refuseUnknownTeam(scope, payload.teamId);
  if (payload.type === 'site_chat') await refuseUnshowableChannels(scope, checked.settings, {});
  await refuseUnusablePhoto(scope, payload.type, checked.settings);
  if (checked.identity)
    await refuseTakenIdentity(scope, payload.type, checked.identity, payload.channelId);
  await takeGrant(scope, checked);
  const [row] = await scope.tx
    .insert(channels)
    .values({
      id: payload.channelId,
      orgId: scope.orgId,
      type: payload.type,
      ...generalColumns(payload, checked),
      providerIdentity: checked.identity,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('channel insert returned nothing');
  const [rule] = await scope.tx
    .insert(routingRules)
    .values(defaultRuleRow({ id: row.id, orgId: scope.orgId, teamId: row.teamId }, scope.newId()))
    .returning();
  // A provider that just answered the check is connected; the receiver reports from then on.
  await scope.tx.insert(channelHealth).values({
    id: row.id,
    orgId: scope.orgId,
    connected: checked.checked,
    lastInboundAt: null,
    lastOutboundAt: null,
    lastError: null,
    lastErrorAt: null,
    updatedAt: scope.now,
  });
  const health = await healthPut(scope, row.id);
  scope.channelWork.receivers = true;
  scope.emit('channel.created', { channelId: row.id, type: row.type, name: row.name }, [
    channelPut(row),
    // The default rule shows on the channel's Routing tab at once (routingRules is synced).
    ...(rule ? [routingRulePut(rule)] : []),
    ...(health ? [health] : []),
  ]);
}

/**
 * Saves a channel's General tab and settings. A new token naming another bot than the stored one
 * is TOKEN_NOT_FROM_CURRENT_BOT: the channel's chats and customers belong to that bot.
 */
export async function channelUpdate(
  scope: CommandScope,
  payload: CommandPayload<'channel.update'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const checked = checkedChannel(scope.prepared);
  const stored = await lockChannelSettings(scope, payload.channelId);
  await refuseTakenName(scope, payload.name, stored.id);
  await refuseUnknownTeam(scope, payload.teamId);
  if (stored.type === 'site_chat')
    await refuseUnshowableChannels(scope, checked.settings, stored.settings);
  if (checked.settings.avatarFileId !== stored.settings.avatarFileId)
    await refuseUnusablePhoto(scope, stored.type, checked.settings);
  let identity = stored.providerIdentity;
  if (checked.identity) {
    if (stored.providerIdentity && stored.providerIdentity !== checked.identity)
      fail('TOKEN_NOT_FROM_CURRENT_BOT');
    await refuseTakenIdentity(scope, stored.type, checked.identity, stored.id);
    identity = checked.identity;
  }
  await takeGrant(scope, checked);
  const [row] = await scope.tx
    .update(channels)
    .set({
      ...generalColumns(payload, checked),
      // Unchecked means no secret was typed: the stored ones stay as they are now, even if
      // another save replaced them after this one's prepare step read them.
      secrets: checked.checked ? checked.secrets : stored.secrets,
      providerIdentity: identity,
      updatedAt: scope.now,
    })
    .where(eq(channels.id, stored.id))
    .returning();
  if (!row) fail('CHANNEL_NOT_FOUND');
  // Activity and the team decide where open chats wait and when they expire.
  await touchOpenChats(scope, { channelId: row.id });
  scope.channelWork.receivers = true;
  scope.emit('channel.updated', { channelId: row.id, name: row.name }, [channelPut(row)]);
  // The provider has just taken the new credentials: a channel whose access had lapsed is
  // authorised again, and the replies held meanwhile go (channels/pipeline/lapsed-credentials.ts).
  if (checked.checked) await releaseHeldReplies(scope, row.id);
}

/** Turns a channel on or off (spec §4); its receiver starts or stops with it. */
export async function channelSetActive(
  scope: CommandScope,
  payload: CommandPayload<'channel.setActive'>,
): Promise<void> {
  requireRight(scope, 'AUTHORITY_SERVICE_ACCOUNT');
  const stored = await lockChannelSettings(scope, payload.channelId);
  if (stored.active === payload.active) return;
  const [row] = await scope.tx
    .update(channels)
    .set({ active: payload.active, updatedAt: scope.now })
    .where(eq(channels.id, stored.id))
    .returning();
  if (!row) fail('CHANNEL_NOT_FOUND');
  scope.channelWork.receivers = true;
  scope.emit('channel.activeSet', { channelId: row.id, active: row.active }, [channelPut(row)]);
}
