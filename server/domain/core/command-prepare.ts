import type { CommandPayload, CommandType } from '../../../src/protocol';
import type { Db } from '../../db/database';
import type { Viewer } from '../../auth/viewer';
import type { ChannelAdapters } from '../../channels/registry';

/**
 * What a command's prepare step may use: the database to read (never to write: nothing is
 * written before the transaction), who sends it, and the channel adapters to ask a provider.
 */
export type PrepareContext = {
  db: Db;
  orgId: string;
  viewer: Viewer | null;
  adapters: ChannelAdapters;
  /** Aborts a provider call that takes too long; the command is then refused by name. */
  signal: AbortSignal;
};

/**
 * A step run before a command's transaction, for work that must not hold one open: asking a
 * channel's provider whether a token works (docs/channels.md "Commands that ask a provider").
 * Its result reaches the handler as `scope.prepared`; a refusal is a thrown DomainError, and
 * then nothing is written. The handler re-checks inside the transaction whatever the prepared
 * result assumed of stored state.
 */
export type CommandPreparer<T extends CommandType> = (
  context: PrepareContext,
  payload: CommandPayload<T>,
) => Promise<unknown>;

export type AreaPreparers = { readonly [T in CommandType]?: CommandPreparer<T> };

/** How long a prepare step may take before the command is refused (a provider that hangs). */
export const PREPARE_TIMEOUT_MS = 15_000;
