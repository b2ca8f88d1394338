import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import {
  CHANNEL_TYPE_SETTINGS,
  isAuthorizedType,
  isConnectableType,
  type CommandPayload,
  type ConnectableChannelType,
} from '../../../src/protocol';
import { channelAuthorizations, channels } from '../../db/schema';
import { adapterOf } from '../../channels/registry';
import type { PrepareContext } from '../core/command-prepare';
import { fail } from '../core/domain-error';
import { parseOrFail } from '../core/parse';

/**
 * A channel's settings and secrets as a save will store them, and for a provider type what the
 * provider said of them: made by the prepare step (outside the transaction), read by the handler.
 */
export class CheckedChannel {
  constructor(
    readonly settings: Record<string, unknown>,
    readonly secrets: Record<string, string>,
    /** The provider account the credentials name; null for types without a provider. */
    readonly identity: string | null,
    /** Whether the provider was asked now (new credentials), so the handler compares identities. */
    readonly checked: boolean,
    /** The sign-in at the provider these credentials came from: used up by the save. */
    readonly grantId: string | null = null,
  ) {}
}

/**
 * A type connected by signing in at its provider (AUTHORIZED_CHANNEL_TYPES): the save's `grant`
 * names a sign-in this organization completed for this channel, whose credentials the save takes.
 * Its expiry and single use are checked again in the handler's transaction (takeGrant).
 */
async function grantCredentials(
  context: PrepareContext,
  type: ConnectableChannelType,
  channelId: string,
  grantId: string | undefined,
): Promise<{ secrets: Record<string, string>; settings: Record<string, unknown> }> {
  if (!grantId) fail('SERVICE_ACCOUNT_INVALID_TOKEN', { field: 'grant' });
  const [grant] = await context.db
    .select()
    .from(channelAuthorizations)
    .where(
      and(
        eq(channelAuthorizations.id, grantId),
        eq(channelAuthorizations.orgId, context.orgId),
        eq(channelAuthorizations.channelId, channelId),
        eq(channelAuthorizations.type, type),
      ),
    );
  if (!grant?.completedAt || !grant.secrets || grant.error !== null)
    fail('SERVICE_ACCOUNT_INVALID_TOKEN', { field: 'grant' });
  return { secrets: grant.secrets, settings: grant.settings ?? {} };
}

/** The save's settings and the full set of secrets, parsed by the type's own schemas. */
function parseInput(
  type: ConnectableChannelType,
  settings: Record<string, unknown>,
  secrets: Record<string, string>,
): { settings: Record<string, unknown>; secrets: Record<string, string> } {
  const shape = CHANNEL_TYPE_SETTINGS[type];
  const parsed = parseOrFail(v.object({ settings: shape.settings, secrets: shape.secrets }), {
    settings,
    secrets,
  });
  return {
    settings: parsed.settings,
    secrets: parsed.secrets,
  };
}

/** Asks the type's provider; refusals by their spec §8 names, nothing written. */
async function askProvider(
  context: PrepareContext,
  type: ConnectableChannelType,
  credentials: { settings: Record<string, unknown>; secrets: Record<string, string> },
): Promise<{ identity: string; settings: Record<string, unknown> }> {
  const adapter = adapterOf(context.adapters, type);
  if (!adapter) fail('CHANNEL_SERVICE_NOT_FOUND');
  let result;
  try {
    result = await adapter.check(credentials, context.signal);
  } catch {
    // An adapter names the provider's answers; what it could not name (no answer at all, a
    // timeout) means the provider cannot be reached with these fields. Its message may hold a
    // secret, so it is not passed on.
    fail('SERVICE_ACCOUNT_INVALID_FIELDS', { field: 'connection' });
  }
  if (!result.ok) fail(result.error, result.field ? { field: result.field } : {});
  return { identity: result.identity, settings: result.settings };
}

function requireChannelRight(context: PrepareContext): void {
  if (!context.viewer) fail('COMMAND_NOT_ALLOWED');
  if (!context.viewer.rights.has('AUTHORITY_SERVICE_ACCOUNT')) fail('ACCESS_DENIED');
}

/** channel.create's prepare step: the type's fields parsed, a provider's credentials checked. */
export async function prepareChannelCreate(
  context: PrepareContext,
  payload: CommandPayload<'channel.create'>,
): Promise<CheckedChannel> {
  requireChannelRight(context);
  const { type } = payload;
  const input = parseInput(type, payload.settings, payload.secrets);
  if (!CHANNEL_TYPE_SETTINGS[type].provider)
    return new CheckedChannel(input.settings, input.secrets, null, false);
  if (isAuthorizedType(type)) {
    const granted = await grantCredentials(context, type, payload.channelId, input.secrets.grant);
    const learned = await askProvider(context, type, granted);
    return new CheckedChannel(
      { ...input.settings, ...granted.settings, ...learned.settings },
      granted.secrets,
      learned.identity,
      true,
      input.secrets.grant ?? null,
    );
  }
  const learned = await askProvider(context, type, input);
  return new CheckedChannel(
    { ...input.settings, ...learned.settings },
    input.secrets,
    learned.identity,
    true,
  );
}

/**
 * channel.update's prepare step. Secrets left out keep their stored values; the provider is
 * asked again only when a secret was typed anew or a setting changed, since either may name
 * another account or stop working.
 */
export async function prepareChannelUpdate(
  context: PrepareContext,
  payload: CommandPayload<'channel.update'>,
): Promise<CheckedChannel> {
  requireChannelRight(context);
  const [stored] = await context.db
    .select({ type: channels.type, settings: channels.settings, secrets: channels.secrets })
    .from(channels)
    .where(and(eq(channels.id, payload.channelId), eq(channels.orgId, context.orgId)));
  if (!stored) fail('CHANNEL_NOT_FOUND');
  const type = stored.type;
  if (!isConnectableType(type)) fail('CHANNEL_SERVICE_NOT_FOUND');
  const storedSecrets = Object.fromEntries(
    Object.entries(stored.secrets).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const typed = Object.fromEntries(Object.entries(payload.secrets).filter(([, value]) => value));
  const input = parseInput(type, payload.settings, { ...storedSecrets, ...typed });
  if (!CHANNEL_TYPE_SETTINGS[type].provider)
    return new CheckedChannel(input.settings, input.secrets, null, false);
  // Facts the provider told at the last check (the bot's username) stay unless asked again.
  const kept = { ...stored.settings, ...input.settings };
  // Authorised again by signing in at the provider: its new credentials, checked like new ones.
  if (isAuthorizedType(type) && typeof typed.grant === 'string') {
    const granted = await grantCredentials(context, type, payload.channelId, typed.grant);
    const learned = await askProvider(context, type, granted);
    return new CheckedChannel(
      { ...kept, ...granted.settings, ...learned.settings },
      granted.secrets,
      learned.identity,
      true,
      typed.grant,
    );
  }
  const changed =
    Object.keys(typed).length > 0 ||
    Object.keys(input.settings).some(
      (key) => JSON.stringify(input.settings[key]) !== JSON.stringify(stored.settings[key]),
    );
  if (!changed) return new CheckedChannel(kept, input.secrets, null, false);
  const learned = await askProvider(context, type, input);
  return new CheckedChannel(
    { ...kept, ...learned.settings },
    input.secrets,
    learned.identity,
    true,
  );
}

/** The prepared result in the handler; anything else is a bug, not a user's mistake. */
export function checkedChannel(prepared: unknown): CheckedChannel {
  if (!(prepared instanceof CheckedChannel))
    throw new Error('channel save ran without its prepare step');
  return prepared;
}
