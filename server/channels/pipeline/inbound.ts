import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  LIMITS,
  makeTextSafe,
  type Attachment,
  type CommandEnvelope,
} from '../../../src/protocol';
import { channelInboundEvents, files } from '../../db/schema';
import type { Db } from '../../db/database';
import { executeCommand } from '../../domain/execute-command';
import type { InboundFile, RawInboundEvent } from '../adapter';
import { adapterOf } from '../registry';
import { adapterChannel, failureText, type PipelineDeps } from './pipeline-deps';
import { noteHealth } from './health';

/** Ids derived from a channel and a provider id: the same event always makes the same command. */
const INBOUND_NAMESPACE = '6f1c0a52-5b7e-4d07-9a43-3c8f7e0f2d19';
export const inboundCommandId = (channelId: string, providerId: string): string =>
  uuidv5(`inbound:${channelId}:${providerId}`, INBOUND_NAMESPACE);
const inboundFileId = (commandId: string, index: number): string =>
  uuidv5(`file:${commandId}:${index}`, INBOUND_NAMESPACE);

/** Attempts before a failing event is set aside for a person to look at. */
export const INBOUND_MAX_ATTEMPTS = 5;
/** How long a claimed event is left to its worker before another may take it (a crash). */
const CLAIM_LEASE_MS = 120_000;
/** Backoff after a failed attempt: 5 s, 25 s, 2 min, 10 min. */
const backoffMs = (attempts: number): number => 5_000 * 5 ** Math.max(0, attempts - 1);

/**
 * Stores raw events under their provider ids before the provider is acknowledged: a duplicate
 * (a provider's retry, a re-read mailbox) is ignored. Returns how many were new.
 */
export async function storeInboundEvents(
  deps: PipelineDeps,
  channel: { id: string; orgId: string },
  events: readonly RawInboundEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const now = deps.clock.now();
  const stored = await deps.database.db
    .insert(channelInboundEvents)
    .values(
      events.map((event) => ({
        id: inboundCommandId(channel.id, event.providerId),
        orgId: channel.orgId,
        channelId: channel.id,
        providerId: event.providerId,
        payload: event.payload ?? null,
        receivedAt: now,
        dueAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: channelInboundEvents.id });
  if (stored.length > 0) await noteHealth(deps, channel.id, { connected: true, inboundAt: now });
  return stored.length;
}

type ClaimedEvent = typeof channelInboundEvents.$inferSelect;

/** Due events one round claims together: their messages then share group commits. */
export const INBOUND_GROUP = 100;

/**
 * Claims up to `limit` due events, oldest first (FOR UPDATE SKIP LOCKED), counting an attempt for
 * each; none when none is due.
 */
async function claimEvents(db: Db, now: Date, limit: number): Promise<ClaimedEvent[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: channelInboundEvents.id })
      .from(channelInboundEvents)
      .where(and(isNotNull(channelInboundEvents.dueAt), lte(channelInboundEvents.dueAt, now)))
      .orderBy(asc(channelInboundEvents.dueAt), asc(channelInboundEvents.receivedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(channelInboundEvents)
      .set({
        attempts: sql`${channelInboundEvents.attempts} + 1`,
        dueAt: new Date(now.getTime() + CLAIM_LEASE_MS),
      })
      .where(
        inArray(
          channelInboundEvents.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    // In the order they were due, as the customers wrote them.
    const order = new Map(due.map((row, index) => [row.id, index]));
    return claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  });
}

/** Keeps a customer's file if we may store it; otherwise the message says it could not be kept. */
const keepable = (file: InboundFile): file is InboundFile & { type: Attachment['type'] } =>
  (ATTACHMENT_TYPES as readonly string[]).includes(file.type) &&
  file.bytes.length > 0 &&
  file.bytes.length <= ATTACHMENT_MAX_BYTES;

/** Stores an event's files as the customer's, under ids derived from the event (re-runs reuse them). */
async function storeFiles(
  db: Db,
  event: ClaimedEvent,
  externalId: string,
  inbound: readonly InboundFile[],
): Promise<{ attachments: Attachment[]; notKept: string[] }> {
  const attachments: Attachment[] = [];
  const notKept: string[] = [];
  for (const [index, file] of inbound.entries()) {
    const name = makeTextSafe(file.name).slice(0, 255) || 'file';
    if (!keepable(file) || attachments.length >= 10) {
      notKept.push(name);
      continue;
    }
    const id = inboundFileId(event.id, index);
    await db
      .insert(files)
      .values({
        id,
        orgId: event.orgId,
        channelId: event.channelId,
        externalId,
        name,
        type: file.type,
        size: file.bytes.length,
        data: file.bytes,
      })
      .onConflictDoNothing();
    attachments.push({ id, name, type: file.type, size: file.bytes.length });
  }
  return { attachments, notKept };
}

type Outcome =
  | { kind: 'processed'; externalId: string | null; messageId: string | null }
  | { kind: 'failed'; error: string; final: boolean };

/** A claimed event made ready: its `message.receive`, or already an outcome. */
type Prepared =
  | { kind: 'command'; command: CommandEnvelope; externalId: string }
  | { kind: 'outcome'; outcome: Outcome };

/** Reads one claimed event through its adapter and stores its files: its command, once. */
async function prepareEvent(deps: PipelineDeps, event: ClaimedEvent): Promise<Prepared> {
  const failed = (error: string, final: boolean): Prepared => ({
    kind: 'outcome',
    outcome: { kind: 'failed', error, final },
  });
  const channel = await adapterChannel(deps.database.db, event.channelId);
  const adapter = channel && adapterOf(deps.adapters, channel.type);
  if (!channel || !adapter) return failed('CHANNEL_SERVICE_NOT_FOUND', true);
  let inbound;
  try {
    inbound = await adapter.toMessage(
      channel,
      { providerId: event.providerId, payload: event.payload },
      AbortSignal.timeout(60_000),
    );
  } catch (error) {
    return failed(failureText(error), event.attempts >= INBOUND_MAX_ATTEMPTS);
  }
  if (inbound.kind === 'ignore')
    return { kind: 'outcome', outcome: { kind: 'processed', externalId: null, messageId: null } };
  const { attachments, notKept } = await storeFiles(
    deps.database.db,
    event,
    inbound.client.externalId,
    inbound.files,
  );
  const text = [inbound.text, ...notKept.map((name) => `[${name}]`)]
    .filter((part) => part !== '')
    .join('\n')
    .slice(0, LIMITS.messageTextMax);
  // The command id is the event's own, so a re-run after a crash finds the first result.
  return {
    kind: 'command',
    externalId: inbound.client.externalId,
    command: {
      id: event.id,
      type: 'message.receive',
      payload: {
        channelId: event.channelId,
        messageId: event.id,
        client: inbound.client,
        text,
        attachments,
      },
    },
  };
}

/**
 * The claimed events' commands, run as the server runs commands: all queued at once, in order,
 * so one organization's share one group commit and each customer's keep their order. Without the
 * queue (a test's own deps), one at a time.
 */
async function runCommands(
  deps: PipelineDeps,
  events: readonly ClaimedEvent[],
  prepared: readonly Prepared[],
): Promise<Outcome[]> {
  const run = async (event: ClaimedEvent, ready: Prepared): Promise<Outcome> => {
    if (ready.kind === 'outcome') return ready.outcome;
    const caller = {
      orgId: event.orgId,
      actor: { kind: 'channel' as const, id: event.channelId },
      viewer: null,
    };
    try {
      const result = deps.execute
        ? await deps.execute(caller, ready.command)
        : await executeCommand(deps, caller, ready.command);
      if (!result.ok) return { kind: 'failed', error: result.error.name, final: true };
      return { kind: 'processed', externalId: ready.externalId, messageId: event.id };
    } catch (error) {
      return {
        kind: 'failed',
        error: failureText(error),
        final: event.attempts >= INBOUND_MAX_ATTEMPTS,
      };
    }
  };
  if (deps.execute)
    return Promise.all(events.map((event, index) => run(event, prepared[index] as Prepared)));
  const outcomes: Outcome[] = [];
  for (const [index, event] of events.entries())
    outcomes.push(await run(event, prepared[index] as Prepared));
  return outcomes;
}

/**
 * Processes every due inbound event, each once, oldest first. Instances share the work (events
 * are claimed with FOR UPDATE SKIP LOCKED). A refusal by name (an inactive channel: spec §4) sets
 * the event aside at once; an adapter's failure is retried with backoff and set aside after
 * INBOUND_MAX_ATTEMPTS — never dropped. Returns how many were handled.
 */
export async function runDueInboundEvents(deps: PipelineDeps, limit = 500): Promise<number> {
  let handled = 0;
  while (handled < limit) {
    const now = deps.clock.now();
    const events = await claimEvents(
      deps.database.db,
      now,
      Math.min(INBOUND_GROUP, limit - handled),
    );
    if (events.length === 0) break;
    handled += events.length;
    const prepared: Prepared[] = [];
    for (const event of events) {
      try {
        prepared.push(await prepareEvent(deps, event));
      } catch (error) {
        prepared.push({
          kind: 'outcome',
          outcome: {
            kind: 'failed',
            error: failureText(error),
            final: event.attempts >= INBOUND_MAX_ATTEMPTS,
          },
        });
      }
    }
    const outcomes = await runCommands(deps, events, prepared);
    for (const [index, event] of events.entries())
      await settleEvent(deps, event, outcomes[index] as Outcome);
  }
  return handled;
}

/** Records how an event ended: processed, retried later with backoff, or set aside. */
async function settleEvent(deps: PipelineDeps, event: ClaimedEvent, outcome: Outcome) {
  const done = deps.clock.now();
  const set =
    outcome.kind === 'processed'
      ? {
          processedAt: done,
          dueAt: null,
          lastError: null,
          externalId: outcome.externalId,
          messageId: outcome.messageId,
        }
      : outcome.final
        ? { setAsideAt: done, dueAt: null, lastError: outcome.error }
        : {
            dueAt: new Date(done.getTime() + backoffMs(event.attempts)),
            lastError: outcome.error,
          };
  await deps.database.db
    .update(channelInboundEvents)
    .set(set)
    .where(eq(channelInboundEvents.id, event.id));
  if (outcome.kind === 'failed')
    await noteHealth(deps, event.channelId, { error: `inbound: ${outcome.error}` });
}
