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
import type { CommandScope } from './command-scope';
import { runInScope } from './run-in-scope';
import { DomainError } from './domain-error';
import { uniqueRefusal, uniqueViolation } from './unique-refusal';
import { parseOrFail } from './parse';
import { messageSend } from './message-send';
import { chatTake } from './chat-take';
import { chatTransfer } from './chat-transfer';
import { chatClose } from './chat-close';
import { chatSetCategory } from './chat-set-category';
import { chatRate } from './chat-rate';
import { chatCreate } from './chat-create';
import { operatorSetStatus } from './operator-set-status';
import { messageReceive } from './message-receive';
import { routingRuleSave } from './routing-rule-save';
import { routingRuleDelete } from './routing-rule-delete';
import { autoRepliesSave } from './auto-replies-save';
import { teamSetDistribution } from './team-set-distribution';
import { channelSetThresholds } from './channel-set-thresholds';
import { teamCreate, teamUpdate } from './team-save';
import { teamDelete } from './team-delete';
import { roleCreate, roleUpdate } from './role-save';
import { roleDelete } from './role-delete';
import { userCreate, userUpdate } from './user-save';

type Handler<T extends CommandType> = (
  scope: CommandScope,
  payload: CommandPayload<T>,
) => Promise<void>;

const HANDLERS: { [T in CommandType]: Handler<T> } = {
  'message.send': messageSend,
  'chat.take': chatTake,
  'chat.transfer': chatTransfer,
  'chat.close': chatClose,
  'chat.setCategory': chatSetCategory,
  'chat.rate': chatRate,
  'chat.create': chatCreate,
  'operator.setStatus': operatorSetStatus,
  'message.receive': messageReceive,
  'routingRule.save': routingRuleSave,
  'routingRule.delete': routingRuleDelete,
  'autoReplies.save': autoRepliesSave,
  'team.setDistribution': teamSetDistribution,
  'channel.setThresholds': channelSetThresholds,
  'team.create': teamCreate,
  'team.update': teamUpdate,
  'team.delete': teamDelete,
  'role.create': roleCreate,
  'role.update': roleUpdate,
  'role.delete': roleDelete,
  'user.create': userCreate,
  'user.update': userUpdate,
};

export type CommandDeps = { database: Database; clock: Clock; wake: (orgId: string) => void };
export type CommandCaller = { orgId: string; actor: Actor; viewer: Viewer | null };

const isCommandType = (type: string): type is CommandType => type in COMMAND_PAYLOADS;

const rejection = (id: string, error: DomainError, viewer: Viewer | null): CommandResult => ({
  id,
  ok: false,
  error: {
    name: error.errorName,
    params: error.params,
    message: errorText(error.errorName, viewer?.language ?? 'en', error.params),
  },
});

/**
 * Validate → authorize → one transaction holding the state change, its events and the command's
 * result under its id. The same id again returns the first result and changes nothing.
 */
export async function executeCommand(
  deps: CommandDeps,
  caller: CommandCaller,
  command: CommandEnvelope,
): Promise<CommandResult> {
  const { db } = deps.database;
  const stored = async (): Promise<CommandResult | undefined> => {
    const [row] = await db
      .select({ result: commandResults.result })
      .from(commandResults)
      .where(and(eq(commandResults.orgId, caller.orgId), eq(commandResults.commandId, command.id)));
    return row?.result as CommandResult | undefined;
  };
  const first = await stored();
  if (first) return first;

  let payload: unknown;
  try {
    if (!isCommandType(command.type))
      throw new DomainError('UNKNOWN_COMMAND', { type: command.type });
    if (caller.viewer && !STAFF_COMMAND_TYPES.includes(command.type))
      throw new DomainError('COMMAND_NOT_ALLOWED');
    payload = parseOrFail(COMMAND_PAYLOADS[command.type] as v.GenericSchema, command.payload);
  } catch (error) {
    if (error instanceof DomainError) return rejection(command.id, error, caller.viewer);
    throw error;
  }
  const type = command.type;

  try {
    const result = await db.transaction(async (tx) => {
      const now = deps.clock.now();
      const appended = await runInScope(
        deps.database,
        tx,
        caller,
        { commandId: command.id, now },
        (scope) =>
          (HANDLERS[type] as Handler<CommandType>)(scope, payload as CommandPayload<CommandType>),
      );
      const seq = appended ?? (await currentSeq(tx, caller.orgId));
      const ok: CommandResult = { id: command.id, ok: true, seq };
      await tx
        .insert(commandResults)
        .values({ orgId: caller.orgId, commandId: command.id, result: ok, createdAt: now });
      return { ok, changed: appended !== null };
    });
    if (result.changed) deps.wake(caller.orgId);
    return result.ok;
  } catch (error) {
    const violated = uniqueViolation(error);
    const named = violated && uniqueRefusal(violated);
    const refusal = named ? new DomainError(named) : error;
    if (refusal instanceof DomainError) {
      // A refusal is remembered too: a retried command gets the same answer, not a second try.
      const refused = rejection(command.id, refusal, caller.viewer);
      await db
        .insert(commandResults)
        .values({ orgId: caller.orgId, commandId: command.id, result: refused })
        .onConflictDoNothing();
      return (await stored()) ?? refused;
    }
    if (violated) {
      const winner = await stored();
      if (winner) return winner; // the same id ran concurrently and committed first
    }
    throw error;
  }
}
