import type * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import {
  COMMAND_PAYLOADS,
  STAFF_COMMAND_TYPES,
  errorText,
  type Actor,
  type CommandEnvelope,
  type CommandPayload,
  type CommandResult,
  type CommandType,
} from '../../src/protocol';
import type { Database } from '../db/database';
import { commandResults } from '../db/schema';
import type { Clock } from '../clock';
import type { Viewer } from '../auth/viewer';
import { currentSeq } from '../sync/event-log';
import type { CommandHandler } from './core/area-handlers';
import { runInScope } from './core/run-in-scope';
import { DomainError } from './core/domain-error';
import { lostRace, uniqueRefusal, uniqueViolation } from './core/unique-refusal';
import { senderOfActor, type CommandSender } from './core/command-sender';
import { commandFingerprint } from './core/command-fingerprint';
import { parseOrFail } from './core/parse';
import { COMMAND_HANDLERS, COMMAND_PREPARERS } from './command-handlers';
import type { CommandPreparer } from './core/command-prepare';
import { PREPARE_TIMEOUT_MS } from './core/command-prepare';
import type { ChannelAdapters } from '../channels/registry';

export type CommandDeps = {
  database: Database;
  clock: Clock;
  wake: (orgId: string) => void;
  /** The channel adapters a prepare step asks a provider through; none by default. */
  adapters?: ChannelAdapters;
  /**
   * Told after a commit that queued a reply for a provider or changed a channel, so this
   * instance's pipeline workers act now instead of at their next round (up to a second for a
   * reply, ten for a new bot's webhook); other instances still find the work on their rounds.
   */
  channelWork?: (work: { deliver: boolean; receivers: boolean }) => void;
};
export type CommandCaller = {
  orgId: string;
  actor: Actor;
  viewer: Viewer | null;
  /**
   * Whose command ids these are, when finer than the actor: each site-chat visitor of a channel
   * has their own. Defaults to the actor's (senderOfActor).
   */
  sender?: CommandSender;
};

const isCommandType = (type: string): type is CommandType => type in COMMAND_PAYLOADS;

export const rejection = (
  id: string,
  error: DomainError,
  viewer: Viewer | null,
): CommandResult => ({
  id,
  ok: false,
  error: {
    name: error.errorName,
    params: error.params,
    message: errorText(error.errorName, viewer?.language ?? 'en', error.params),
  },
});

/** A command as checked before it runs: its type and payload, or why it cannot run at all. */
export type Intake = { sender: CommandSender; fingerprint: string } & (
  { ok: true; type: CommandType; payload: unknown } | { ok: false; error: DomainError }
);

/** Who sent the command, its fingerprint, and whether its type and payload may run at all. */
export function intake(caller: CommandCaller, command: CommandEnvelope): Intake {
  const sender = caller.sender ?? senderOfActor(caller.actor);
  const fingerprint = commandFingerprint(command.type, command.payload);
  try {
    if (!isCommandType(command.type))
      throw new DomainError('UNKNOWN_COMMAND', { type: command.type });
    if (caller.viewer && !STAFF_COMMAND_TYPES.includes(command.type))
      throw new DomainError('COMMAND_NOT_ALLOWED');
    const payload = parseOrFail(COMMAND_PAYLOADS[command.type] as v.GenericSchema, command.payload);
    return { sender, fingerprint, ok: true, type: command.type, payload };
  } catch (error) {
    if (error instanceof DomainError) return { sender, fingerprint, ok: false, error };
    throw error;
  }
}

/** A stored result as the row of command_results holds it. */
export type StoredResult = { result: unknown; sender: string; fingerprint: string };

/**
 * What a command id that already has a result answers: that result to its own sender sending the
 * same payload again, COMMAND_ID_CONFLICT to anyone else.
 */
export function storedAnswer(
  row: StoredResult,
  asked: { id: string; sender: string; fingerprint: string; viewer: Viewer | null },
): CommandResult {
  // Rows stored before senders were recorded answer as they always did.
  const legacy = row.sender === '';
  if (legacy || (row.sender === asked.sender && row.fingerprint === asked.fingerprint))
    return row.result as CommandResult;
  return rejection(asked.id, new DomainError('COMMAND_ID_CONFLICT'), asked.viewer);
}

/**
 * How often a command runs again after losing a race to a concurrent transaction. The next run
 * sees what the winner committed, so the handler's own checks answer with their named refusal
 * (TEAM_EXISTS, a taken id, the winner's stored result) instead of a database error.
 */
const RACE_ATTEMPTS = 4;

/**
 * Validate → authorize → one transaction holding the state change, its events and the command's
 * result under its id. The same sender sending the same id and payload again gets the first
 * result and changes nothing; another sender's id, or the same id with another payload, is
 * refused (COMMAND_ID_CONFLICT) and changes nothing.
 */
export async function executeCommand(
  deps: CommandDeps,
  caller: CommandCaller,
  command: CommandEnvelope,
): Promise<CommandResult> {
  const { db } = deps.database;
  const checked = intake(caller, command);
  const { sender, fingerprint } = checked;

  /** The answer the id already has, if any: the stored result, or a conflict for anyone else. */
  const earlier = async (): Promise<CommandResult | undefined> => {
    const [row] = await db
      .select({
        result: commandResults.result,
        sender: commandResults.sender,
        fingerprint: commandResults.fingerprint,
      })
      .from(commandResults)
      .where(and(eq(commandResults.orgId, caller.orgId), eq(commandResults.commandId, command.id)));
    return row && storedAnswer(row, { id: command.id, sender, fingerprint, viewer: caller.viewer });
  };

  if (!checked.ok) return (await earlier()) ?? rejection(command.id, checked.error, caller.viewer);
  const { type, payload } = checked;
  const stored = { orgId: caller.orgId, commandId: command.id, sender, fingerprint };

  /** A refusal is remembered too: a retried command gets the same answer, not a second try. */
  const refuse = async (error: DomainError): Promise<CommandResult> => {
    const refused = rejection(command.id, error, caller.viewer);
    await db
      .insert(commandResults)
      .values({ ...stored, result: refused })
      .onConflictDoNothing();
    return (await earlier()) ?? refused;
  };

  // A step that asks a provider runs before the transaction, never inside it: a transaction held
  // open over a slow HTTP call would hold its locks as long (docs/channels.md).
  let prepared: unknown = undefined;
  const preparer = COMMAND_PREPARERS[type] as CommandPreparer<CommandType> | undefined;
  if (preparer) {
    const first = await earlier();
    if (first) return first;
    try {
      prepared = await preparer(
        {
          db,
          orgId: caller.orgId,
          viewer: caller.viewer,
          adapters: deps.adapters ?? {},
          signal: AbortSignal.timeout(PREPARE_TIMEOUT_MS),
        },
        payload as CommandPayload<CommandType>,
      );
    } catch (error) {
      if (error instanceof DomainError) return refuse(error);
      throw error;
    }
  }

  for (let attempt = 1; ; attempt++) {
    const first = await earlier();
    if (first) return first;
    try {
      let channelWork = { deliver: false, receivers: false };
      const result = await db.transaction(async (tx) => {
        const now = deps.clock.now();
        const appended = await runInScope(
          deps.database,
          tx,
          caller,
          { commandId: command.id, now, prepared },
          (scope) => {
            channelWork = scope.channelWork;
            return (COMMAND_HANDLERS[type] as CommandHandler<CommandType>)(
              scope,
              payload as CommandPayload<CommandType>,
            );
          },
        );
        const seq = appended ?? (await currentSeq(tx, caller.orgId));
        const ok: CommandResult = { id: command.id, ok: true, seq };
        await tx.insert(commandResults).values({ ...stored, result: ok, createdAt: now });
        return { ok, changed: appended !== null };
      });
      if (result.changed) deps.wake(caller.orgId);
      if (channelWork.deliver || channelWork.receivers) deps.channelWork?.(channelWork);
      return result.ok;
    } catch (error) {
      if (error instanceof DomainError) return refuse(error);
      if (attempt < RACE_ATTEMPTS && lostRace(error)) continue;
      const violated = uniqueViolation(error);
      const named = violated && uniqueRefusal(violated);
      if (named) return rejection(command.id, new DomainError(named), caller.viewer);
      throw error;
    }
  }
}
