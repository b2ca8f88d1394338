import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { LIMITS, errorText } from '../../../src/protocol';
import type { Db } from '../../db/database';
import {
  botActionLinks,
  channelDeliveries,
  channelInboundEvents,
  chats,
  clientContacts,
  files,
  messages,
} from '../../db/schema';
import { runInScope } from '../../domain/core/run-in-scope';
import { chatGroups, customerGroup } from '../../sync/groups';
import { messageRow } from '../../sync/wire-rows';
import { lockOrganizationLog } from '../../sync/event-log';
import type { OutboundMessage, SendResult } from '../adapter';
import { adapterOf } from '../registry';
import { withLinkLines } from '../shared/link-lines';
import { adapterChannel, failureText, type PipelineDeps } from './pipeline-deps';
import { noteHealth } from './health';
import { applyEarlyStatusReports } from './statuses';
import { awaitsReauthorization, holdForReauthorization } from './lapsed-credentials';

/**
 * How long a claimed job is left to its worker. A worker that crashed mid-send leaves the job
 * `sending`; it is due again after this, and sent again (docs/channels.md "Outbound": the one
 * window where a provider without idempotency keys may get a reply twice).
 */
const SEND_LEASE_MS = 120_000;
/** Attempts before a reply the provider keeps refusing for now is given up as undelivered. */
export const DELIVERY_MAX_ATTEMPTS = 12;
/** Backoff after a failed attempt without the provider's retry-after: 5 s doubling, at most 1 h. */
export const deliveryBackoffMs = (attempts: number): number =>
  Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
/** A provider's retry-after is honoured, within reason (a day). */
const RETRY_AFTER_MAX_S = 86_400;
/** Earlier provider ids of a chat given to the adapter (e-mail's References). */
const THREAD_MAX = 50;

type Job = typeof channelDeliveries.$inferSelect;

/** Claims one due job (FOR UPDATE SKIP LOCKED), counting the attempt; undefined when none. */
async function claimJob(db: Db, now: Date): Promise<Job | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(channelDeliveries)
      .where(and(isNotNull(channelDeliveries.dueAt), lte(channelDeliveries.dueAt, now)))
      // Equal due times (replies released together) go in the order they were written.
      .orderBy(asc(channelDeliveries.dueAt), asc(channelDeliveries.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(channelDeliveries)
      .set({
        state: 'sending',
        attempts: sql`${channelDeliveries.attempts} + 1`,
        dueAt: new Date(now.getTime() + SEND_LEASE_MS),
        updatedAt: now,
      })
      .where(eq(channelDeliveries.messageId, due.messageId))
      .returning();
    return claimed;
  });
}

/** The customer's id in the channel: the sender of their latest message in this chat, else their identity. */
async function recipientOf(db: Db, chat: typeof chats.$inferSelect): Promise<string | null> {
  const [latest] = await db
    .select({ externalId: channelInboundEvents.externalId })
    .from(channelInboundEvents)
    .innerJoin(messages, eq(messages.id, channelInboundEvents.messageId))
    .where(and(eq(messages.chatId, chat.id), isNotNull(channelInboundEvents.externalId)))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (latest?.externalId) return latest.externalId;
  const [identity] = await db
    .select({ value: clientContacts.value })
    .from(clientContacts)
    .where(
      and(
        eq(clientContacts.clientId, chat.clientId),
        eq(clientContacts.kind, 'channel'),
        eq(clientContacts.channelId, chat.channelId),
      ),
    )
    .orderBy(desc(clientContacts.createdAt))
    .limit(1);
  return identity?.value ?? null;
}

/** The chat's earlier provider ids, oldest first, and the customer's latest raw event. */
async function threadOf(db: Db, chatId: string, before: Date) {
  const inbound = await db
    .select({
      providerId: channelInboundEvents.providerId,
      payload: channelInboundEvents.payload,
      at: messages.createdAt,
    })
    .from(channelInboundEvents)
    .innerJoin(messages, eq(messages.id, channelInboundEvents.messageId))
    .where(and(eq(messages.chatId, chatId), lte(messages.createdAt, before)))
    .orderBy(desc(messages.createdAt))
    .limit(THREAD_MAX);
  const outbound = await db
    .select({ providerId: channelDeliveries.providerMessageId, at: channelDeliveries.createdAt })
    .from(channelDeliveries)
    .where(
      and(
        eq(channelDeliveries.chatId, chatId),
        isNotNull(channelDeliveries.providerMessageId),
        lte(channelDeliveries.createdAt, before),
      ),
    )
    .orderBy(desc(channelDeliveries.createdAt))
    .limit(THREAD_MAX);
  const thread = [...inbound, ...outbound]
    .filter((item): item is { providerId: string; at: Date } => item.providerId !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(-THREAD_MAX)
    .map((item) => item.providerId);
  return { thread, lastInbound: inbound[0]?.payload ?? null };
}

/** The outbound message of a job, or a reason it cannot be sent at all. */
async function outboundOf(
  db: Db,
  job: Job,
  publicUrl: string | null,
): Promise<{ message: OutboundMessage } | { failed: string }> {
  const [message] = await db.select().from(messages).where(eq(messages.id, job.messageId));
  const [chat] = await db.select().from(chats).where(eq(chats.id, job.chatId));
  if (!message || !chat) return { failed: 'The message no longer exists' };
  const recipient = await recipientOf(db, chat);
  if (!recipient) return { failed: 'The customer has no address in this channel' };
  const ids = message.attachments.map((attachment) => attachment.id);
  const stored =
    ids.length === 0
      ? []
      : await db
          .select({ id: files.id, name: files.name, type: files.type, data: files.data })
          .from(files)
          .where(inArray(files.id, ids));
  const { thread, lastInbound } = await threadOf(db, chat.id, message.createdAt);
  const links =
    message.links.length === 0
      ? []
      : await db
          .select({
            actionId: botActionLinks.id,
            name: botActionLinks.name,
            kind: botActionLinks.kind,
            url: botActionLinks.url,
          })
          .from(botActionLinks)
          .where(
            inArray(
              botActionLinks.id,
              message.links.map((link) => link.actionId),
            ),
          );
  return {
    message: {
      messageId: message.id,
      recipient,
      text: withLinkLines(
        message.text,
        message.links.flatMap((link) => links.filter((row) => row.actionId === link.actionId)),
        publicUrl,
      ),
      files: ids.flatMap((id) => {
        const file = stored.find((candidate) => candidate.id === id);
        return file ? [{ id: file.id, name: file.name, type: file.type, bytes: file.data }] : [];
      }),
      thread,
      lastInbound,
      ...(message.template ? { template: message.template } : {}),
      ...(message.buttons.length > 0 ? { buttons: message.buttons } : {}),
    },
  };
}

/** Marks a reply undelivered with the provider's reason, synced to everyone who sees the chat. */
async function markUndelivered(deps: PipelineDeps, job: Job, reason: string): Promise<void> {
  const now = deps.clock.now();
  const failureReason = reason.slice(0, LIMITS.deliveryReasonMax);
  const appended = await deps.database.db.transaction(async (tx) => {
    // The organization before any row, as every unit of work of it locks (runInScope).
    await lockOrganizationLog(tx, job.orgId);
    const [updated] = await tx
      .update(channelDeliveries)
      .set({ state: 'failed', dueAt: null, lastError: failureReason, updatedAt: now })
      .where(
        and(eq(channelDeliveries.messageId, job.messageId), eq(channelDeliveries.state, 'sending')),
      )
      .returning();
    if (!updated) return null;
    return runInScope(
      deps.database,
      tx,
      { orgId: job.orgId, actor: { kind: 'channel', id: job.channelId }, viewer: null },
      { commandId: null, now },
      async (scope) => {
        const [message] = await tx
          .update(messages)
          .set({ status: 'undelivered', failureReason })
          .where(eq(messages.id, job.messageId))
          .returning();
        const [chat] = await tx.select().from(chats).where(eq(chats.id, job.chatId));
        if (!message || !chat) return;
        scope.emit(
          'message.statusChanged',
          { chatId: chat.id, messageId: message.id, status: 'undelivered' },
          [
            {
              table: 'messages',
              op: 'put',
              key: message.id,
              row: messageRow(message),
              groups: [...chatGroups(chat), customerGroup(chat.clientId)],
            },
          ],
        );
      },
    );
  });
  if (appended !== null) deps.wake(job.orgId);
}

/** Sends one claimed job once and records what came of it. */
async function deliver(deps: PipelineDeps, job: Job): Promise<void> {
  const { db } = deps.database;
  const channel = await adapterChannel(db, job.channelId);
  const adapter = channel && adapterOf(deps.adapters, channel.type);
  if (!channel || !adapter) {
    await markUndelivered(deps, job, errorText('CHANNEL_SERVICE_NOT_FOUND', 'en'));
    return;
  }
  if (!channel.active) {
    await markUndelivered(deps, job, errorText('SEND_TO_DEACTIVATED_CHANNEL', 'en'));
    return;
  }
  // Credentials known to have lapsed: held without asking the provider to refuse them again.
  if (await awaitsReauthorization(deps, channel.id)) {
    await holdForReauthorization(deps, job, errorText('CHANNEL_REAUTHORIZATION_REQUIRED', 'en'));
    return;
  }
  const outbound = await outboundOf(db, job, deps.publicUrl ?? null);
  if ('failed' in outbound) {
    await markUndelivered(deps, job, outbound.failed);
    return;
  }
  let result: SendResult;
  try {
    result = await adapter.send(channel, outbound.message, AbortSignal.timeout(60_000));
  } catch (error) {
    result = { kind: 'retry', reason: failureText(error) };
  }
  const now = deps.clock.now();
  if (result.kind === 'sent') {
    await db
      .update(channelDeliveries)
      .set({
        state: 'sent',
        dueAt: null,
        lastError: null,
        providerMessageId: result.providerMessageId,
        updatedAt: now,
      })
      .where(
        and(eq(channelDeliveries.messageId, job.messageId), eq(channelDeliveries.state, 'sending')),
      );
    await applyEarlyStatusReports(deps, job.channelId, result.providerMessageId);
    await noteHealth(deps, job.channelId, { connected: true, outboundAt: now });
    return;
  }
  if (result.kind === 'reauthorize') {
    await holdForReauthorization(deps, job, result.reason);
    return;
  }
  if (result.kind === 'failed') {
    await markUndelivered(deps, job, result.reason);
    await noteHealth(deps, job.channelId, { connected: true, error: result.reason });
    return;
  }
  if (job.attempts >= DELIVERY_MAX_ATTEMPTS) {
    await markUndelivered(deps, job, result.reason);
    await noteHealth(deps, job.channelId, { connected: false, error: result.reason });
    return;
  }
  const waitMs =
    result.retryAfterSeconds !== undefined
      ? Math.min(Math.max(result.retryAfterSeconds, 0), RETRY_AFTER_MAX_S) * 1000
      : deliveryBackoffMs(job.attempts);
  await db
    .update(channelDeliveries)
    .set({
      state: 'pending',
      dueAt: new Date(now.getTime() + waitMs),
      lastError: result.reason.slice(0, LIMITS.deliveryReasonMax),
      updatedAt: now,
    })
    .where(
      and(eq(channelDeliveries.messageId, job.messageId), eq(channelDeliveries.state, 'sending')),
    );
  await noteHealth(deps, job.channelId, { connected: false, error: result.reason });
}

/**
 * Sends every due reply, each in turn, oldest first; instances share the work (jobs are claimed
 * with FOR UPDATE SKIP LOCKED, like the timers). Returns how many jobs were tried.
 */
export async function runDueDeliveries(
  deps: PipelineDeps,
  limit = 500,
  /** True once the workers are stopping: no further job is claimed. */
  stopping: () => boolean = () => false,
): Promise<number> {
  let tried = 0;
  while (tried < limit && !stopping()) {
    const job = await claimJob(deps.database.db, deps.clock.now());
    if (!job) break;
    tried += 1;
    try {
      await deliver(deps, job);
    } catch (error) {
      // Our own fault (a database error): the lease brings the job back later.
      console.error(`delivery of message ${job.messageId} failed`, error);
    }
  }
  return tried;
}
