import type { Actor, EventType } from '../../../src/protocol';
import type { Tx } from '../../db/database';
import type { Viewer } from '../../auth/viewer';
import type { StoredChange } from '../../sync/groups';
import type { PendingEvent } from '../../sync/event-log';

/**
 * What a command handler works with: its transaction, who acts, the time, and the events it
 * records. Handlers read and write state through `tx` and describe every change with `emit`.
 */
export class CommandScope {
  readonly pending: PendingEvent[] = [];
  /** Teams whose queue may now be served (a chat joined it, or an operator freed up). */
  readonly teamsToServe = new Set<string>();
  /** Chats and operators whose timers must be looked at again, beyond those the events change. */
  readonly touchedChats = new Set<string>();
  readonly touchedUsers = new Set<string>();
  /** Chats this work holds locked: a queue serve elsewhere skipped them, so this work serves them. */
  readonly lockedChats = new Set<string>();
  /** Chats just taken from an operator for not answering: chat id → that operator. */
  readonly avoidOperator = new Map<string, string>();
  /**
   * What the command's prepare step found before the transaction (a provider's answer to a
   * credentials check; server/domain/core/command-prepare.ts); undefined for other work.
   */
  prepared: unknown = undefined;
  /**
   * What the channel pipeline's workers should do as soon as this work commits rather than at
   * their next round: deliver a reply it queued, or start and stop receivers for a channel it
   * connected, changed or switched (CommandDeps.channelWork).
   */
  readonly channelWork = { deliver: false, receivers: false };

  constructor(
    readonly tx: Tx,
    readonly orgId: string,
    readonly actor: Actor,
    /** The staff member acting, or null for channel adapters and the system. */
    readonly viewer: Viewer | null,
    readonly now: Date,
    readonly newId: () => string,
  ) {}

  emit(type: EventType, data: Record<string, unknown>, changes: StoredChange[]): void {
    this.pending.push({ type, data, changes });
  }

  /** Asks for these teams' queues to be served before the command commits. */
  serveTeams(teamIds: Iterable<string | null>): void {
    for (const id of teamIds) if (id) this.teamsToServe.add(id);
  }

  /** The acting user's id, or null for adapters and the system. */
  get actorUserId(): string | null {
    return this.actor.kind === 'user' ? this.actor.id : null;
  }
}
