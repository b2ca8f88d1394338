import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import { LIMITS } from '../../../src/protocol';
import { channelDeliveries, channels, chats, clientContacts, messages } from '../../db/schema';
import type { Tx } from '../../db/database';
import { runInScope } from '../../domain/core/run-in-scope';
import { chatGroups, customerGroup } from '../../sync/groups';
import { messageRow } from '../../sync/wire-rows';
import type { NamedStatusReport, StatusReport } from '../adapter';
import type { PipelineDeps } from './pipeline-deps';
import { keepForLater, takeEarlyReports, type EarlyReport } from './status-backlog';

/**
 * The order delivery statuses move in. Providers report them out of order ("delivered" after
 * "read" is documented WhatsApp behaviour), so a report only ever moves a reply forward; a
 * failed one stays failed. A provider's "failed" takes only a reply it has accepted and not yet
 * reported delivered: one the customer's phone has, or has read, did not fail.
 */
const RANK = { pending: 0, sending: 0, sent: 1, delivered: 2, read: 3 } as const;
export const movesForward = (from: string, to: StatusReport['status']): boolean =>
  to === 'failed' ? from === 'sent' : from in RANK && RANK[from as keyof typeof RANK] < RANK[to];

/** How an early watermark report (`through`) is kept in the backlog's status column. */
const READ_THROUGH = 'read-through';

type Delivery = typeof channelDeliveries.$inferSelect;

/**
 * The replies a report names by the provider's id: that one, and with `through` (VK's "read up
 * to this message") every earlier reply of its chat still sent or delivered, oldest first. Null
 * when no reply has that id yet (its send's answer is not written).
 */
async function namedReplies(
  tx: Tx,
  channelId: string,
  report: NamedStatusReport,
): Promise<Delivery[] | null> {
  const [job] = await tx
    .select()
    .from(channelDeliveries)
    .where(
      and(
        eq(channelDeliveries.channelId, channelId),
        eq(channelDeliveries.providerMessageId, report.providerMessageId),
      ),
    )
    .for('update');
  if (!job) return null;
  if (report.status === 'failed' || !report.through) return [job];
  const earlier = await tx
    .select()
    .from(channelDeliveries)
    .where(
      and(
        eq(channelDeliveries.channelId, channelId),
        eq(channelDeliveries.chatId, job.chatId),
        lte(channelDeliveries.createdAt, job.createdAt),
        ne(channelDeliveries.messageId, job.messageId),
        inArray(channelDeliveries.state, ['sent', 'delivered']),
      ),
    )
    .orderBy(asc(channelDeliveries.createdAt))
    .for('update');
  return [...earlier, job];
}

/**
 * The replies a watermark by time covers: this channel's replies to the customer still sent (or
 * delivered, for a read) whose last move was at or before the watermark — a reply's `updatedAt`
 * is when the provider accepted it, or later when it was reported delivered, which a read's
 * watermark follows. Oldest first.
 */
function repliesUpTo(
  tx: Tx,
  channelId: string,
  report: Extract<StatusReport, { customer: string }>,
): Promise<Delivery[]> {
  const before: Delivery['state'][] = report.status === 'read' ? ['sent', 'delivered'] : ['sent'];
  return tx
    .select({ delivery: channelDeliveries })
    .from(channelDeliveries)
    .innerJoin(chats, eq(chats.id, channelDeliveries.chatId))
    .innerJoin(
      clientContacts,
      and(
        eq(clientContacts.clientId, chats.clientId),
        eq(clientContacts.channelId, channelId),
        eq(clientContacts.value, report.customer),
      ),
    )
    .where(
      and(
        eq(channelDeliveries.channelId, channelId),
        inArray(channelDeliveries.state, before),
        lte(channelDeliveries.updatedAt, report.upTo),
      ),
    )
    .orderBy(asc(channelDeliveries.createdAt))
    .for('update', { of: channelDeliveries })
    .then((rows) => rows.map((row) => row.delivery));
}

/** Applies a provider's delivery statuses to the replies they name. Returns how many moved. */
export async function applyStatusReports(
  deps: PipelineDeps,
  channelId: string,
  reports: readonly StatusReport[],
): Promise<number> {
  if (reports.length === 0) return 0;
  const [channel] = await deps.database.db
    .select({ orgId: channels.orgId })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (!channel) return 0;
  let moved = 0;
  // Reports of a reply whose send's answer is not written yet: kept, and applied once it is.
  const unknown: NamedStatusReport[] = [];
  const appended = await deps.database.db.transaction((tx) =>
    runInScope(
      deps.database,
      tx,
      { orgId: channel.orgId, actor: { kind: 'channel', id: channelId }, viewer: null },
      { commandId: null, now: deps.clock.now() },
      async (scope) => {
        for (const report of reports) {
          const jobs =
            'customer' in report
              ? await repliesUpTo(tx, channelId, report)
              : await namedReplies(tx, channelId, report);
          if (jobs === null) {
            if (!('customer' in report)) unknown.push(report);
            continue;
          }
          const failureReason =
            report.status === 'failed' ? report.reason.slice(0, LIMITS.deliveryReasonMax) : null;
          for (const each of jobs) {
            if (!movesForward(each.state, report.status)) continue;
            await tx
              .update(channelDeliveries)
              .set({
                state: report.status,
                updatedAt: scope.now,
                ...(failureReason === null ? {} : { lastError: failureReason }),
              })
              .where(eq(channelDeliveries.messageId, each.messageId));
            const status = report.status === 'failed' ? 'undelivered' : report.status;
            const [message] = await tx
              .update(messages)
              .set(failureReason === null ? { status } : { status, failureReason })
              .where(eq(messages.id, each.messageId))
              .returning();
            const [chat] = await tx.select().from(chats).where(eq(chats.id, each.chatId));
            if (!message || !chat) continue;
            moved += 1;
            scope.emit(
              'message.statusChanged',
              { chatId: chat.id, messageId: message.id, status },
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
          }
        }
      },
    ),
  );
  if (appended !== null) deps.wake(channel.orgId);
  await keepForLater(
    deps.database.db,
    channelId,
    'message',
    unknown.map((report) => ({
      providerId: report.providerMessageId,
      // A watermark is kept as one, so it still moves the earlier replies when applied.
      status: report.status !== 'failed' && report.through ? READ_THROUGH : report.status,
      reason: report.status === 'failed' ? report.reason : null,
    })),
    deps.clock.now(),
  );
  return moved;
}

const asStatusReport = (early: EarlyReport): StatusReport | null =>
  early.status === 'failed'
    ? { providerMessageId: early.providerId, status: 'failed', reason: early.reason ?? '' }
    : early.status === 'delivered' || early.status === 'read'
      ? { providerMessageId: early.providerId, status: early.status }
      : early.status === READ_THROUGH
        ? { providerMessageId: early.providerId, status: 'read', through: true }
        : null;

/**
 * A reply's provider id has just been written (its send's answer): the reports the provider sent
 * before it, kept meanwhile, are applied now in the order they came.
 */
export async function applyEarlyStatusReports(
  deps: PipelineDeps,
  channelId: string,
  providerMessageId: string,
): Promise<number> {
  const early = await takeEarlyReports(deps.database.db, channelId, 'message', providerMessageId);
  const reports = early
    .map(asStatusReport)
    .filter((report): report is StatusReport => report !== null);
  return applyStatusReports(deps, channelId, reports);
}
