import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { LIMITS } from '../../../src/protocol';
import { messengerTemplates } from '../../db/schema';
import { runInScope } from '../../domain/core/run-in-scope';
import type { CommandScope } from '../../domain/core/command-scope';
import { ORG_GROUP } from '../../sync/groups';
import { messengerTemplateRow } from '../../sync/wire-rows';
import type { TemplateReport } from '../adapter';
import { adapterOf } from '../registry';
import { adapterChannel, failureText, type PipelineDeps } from './pipeline-deps';
import { deliveryBackoffMs } from './outbound';
import { keepForLater, takeEarlyReports } from './status-backlog';

/**
 * Registered templates' trips to their provider (docs/messenger-templates.md): a submission or a
 * deletion owed (`dueAt` set by messengerTemplate.submit / .delete) is claimed like a delivery,
 * sent once, and its outcome written and synced; the provider's later reviews arrive by webhook
 * (`applyTemplateReports`).
 */

/** A claimed trip is left to its worker this long; one that crashed is due again after it. */
const TEMPLATE_LEASE_MS = 120_000;
/** Tries before a submission the provider keeps answering "not now" to goes back to a draft. */
export const TEMPLATE_MAX_ATTEMPTS = 12;
const RETRY_AFTER_MAX_S = 86_400;

type Row = typeof messengerTemplates.$inferSelect;

async function claim(deps: PipelineDeps, now: Date): Promise<Row | undefined> {
  return deps.database.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(messengerTemplates)
      .where(
        and(
          isNotNull(messengerTemplates.dueAt),
          lte(messengerTemplates.dueAt, now),
          inArray(messengerTemplates.status, ['submitting', 'deleting']),
        ),
      )
      .orderBy(asc(messengerTemplates.dueAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(messengerTemplates)
      .set({
        attempts: sql`${messengerTemplates.attempts} + 1`,
        dueAt: new Date(now.getTime() + TEMPLATE_LEASE_MS),
      })
      .where(eq(messengerTemplates.id, due.id))
      .returning();
    return claimed;
  });
}

/**
 * Writes what came of a trip, in the organization's scope so the change is synced: only if the
 * row is still in the state the trip was made for (a deletion made meanwhile wins over a
 * submission's answer).
 */
async function settle(
  deps: PipelineDeps,
  row: Row,
  write: (scope: CommandScope, current: Row) => Promise<void>,
): Promise<void> {
  const appended = await deps.database.db.transaction((tx) =>
    runInScope(
      deps.database,
      tx,
      { orgId: row.orgId, actor: { kind: 'channel', id: row.channelId }, viewer: null },
      { commandId: null, now: deps.clock.now() },
      async (scope) => {
        const [current] = await tx
          .select()
          .from(messengerTemplates)
          .where(eq(messengerTemplates.id, row.id))
          .for('update');
        if (!current || current.status !== row.status) return;
        await write(scope, current);
      },
    ),
  );
  if (appended !== null) deps.wake(row.orgId);
}

async function update(
  scope: CommandScope,
  row: Row,
  values: Partial<typeof messengerTemplates.$inferInsert>,
  event: 'messengerTemplate.submitted' | 'messengerTemplate.reviewed',
): Promise<void> {
  const [updated] = await scope.tx
    .update(messengerTemplates)
    .set({ ...values, updatedAt: scope.now })
    .where(eq(messengerTemplates.id, row.id))
    .returning();
  if (!updated) return;
  scope.emit(event, { templateId: row.id, channelId: row.channelId, status: updated.status }, [
    {
      table: 'messengerTemplates',
      op: 'put',
      key: updated.id,
      row: messengerTemplateRow(updated),
      groups: [ORG_GROUP],
    },
  ]);
}

async function remove(scope: CommandScope, row: Row): Promise<void> {
  await scope.tx.delete(messengerTemplates).where(eq(messengerTemplates.id, row.id));
  scope.emit('messengerTemplate.deleted', { templateId: row.id, channelId: row.channelId }, [
    { table: 'messengerTemplates', op: 'delete', key: row.id, groups: [ORG_GROUP] },
  ]);
}

/** Not now: due again after the provider's retry-after or the backoff, or given up after the last try. */
async function later(
  deps: PipelineDeps,
  row: Row,
  reason: string,
  retryAfterSeconds: number | undefined,
): Promise<void> {
  const text = reason.slice(0, LIMITS.deliveryReasonMax);
  if (row.attempts >= TEMPLATE_MAX_ATTEMPTS && row.status === 'submitting') {
    // Given back to the administrator with why: a draft again, to submit when the account works.
    await settle(deps, row, (scope, current) =>
      update(
        scope,
        current,
        { status: 'draft', reason: text, dueAt: null },
        'messengerTemplate.reviewed',
      ),
    );
    return;
  }
  const waitMs =
    retryAfterSeconds !== undefined
      ? Math.min(Math.max(retryAfterSeconds, 0), RETRY_AFTER_MAX_S) * 1000
      : deliveryBackoffMs(row.attempts);
  const dueAt = new Date(deps.clock.now().getTime() + waitMs);
  if (row.status === 'submitting')
    // The reason shows on the template while it waits: the administrator sees why it has not gone.
    await settle(deps, row, (scope, current) =>
      update(scope, current, { reason: text, dueAt }, 'messengerTemplate.submitted'),
    );
  else
    await deps.database.db
      .update(messengerTemplates)
      .set({ dueAt })
      .where(eq(messengerTemplates.id, row.id));
}

async function travel(deps: PipelineDeps, row: Row): Promise<void> {
  const channel = await adapterChannel(deps.database.db, row.channelId);
  const registry = channel && adapterOf(deps.adapters, channel.type)?.templates;
  if (!channel || !registry) {
    // The provider cannot be asked (the channel's type registers no templates): nothing to undo there.
    await settle(deps, row, (scope, current) =>
      current.status === 'deleting'
        ? remove(scope, current)
        : update(
            scope,
            current,
            { status: 'draft', reason: 'The channel cannot register templates', dueAt: null },
            'messengerTemplate.reviewed',
          ),
    );
    return;
  }
  const signal = AbortSignal.timeout(60_000);
  if (row.status === 'deleting') {
    if (!row.providerId) {
      await settle(deps, row, remove);
      return;
    }
    let removed;
    try {
      removed = await registry.remove(
        channel,
        { name: row.name, providerId: row.providerId },
        signal,
      );
    } catch (error) {
      removed = { kind: 'retry' as const, reason: failureText(error) };
    }
    if (removed.kind === 'removed') await settle(deps, row, remove);
    else await later(deps, row, removed.reason, removed.retryAfterSeconds);
    return;
  }
  let submitted;
  try {
    submitted = await registry.submit(channel, row, signal);
  } catch (error) {
    submitted = { kind: 'retry' as const, reason: failureText(error) };
  }
  if (submitted.kind === 'retry') {
    await later(deps, row, submitted.reason, submitted.retryAfterSeconds);
    return;
  }
  await settle(deps, row, (scope, current) =>
    submitted.kind === 'refused'
      ? update(
          scope,
          current,
          {
            status: 'rejected',
            reason: submitted.reason.slice(0, LIMITS.deliveryReasonMax),
            dueAt: null,
          },
          'messengerTemplate.reviewed',
        )
      : update(
          scope,
          current,
          {
            status: submitted.status,
            reason: submitted.reason,
            providerId: submitted.providerId,
            registeredAt: scope.now,
            dueAt: null,
          },
          'messengerTemplate.submitted',
        ),
  );
  if (submitted.kind === 'submitted') {
    // A review Meta posted before its answer to the submission was written, applied now.
    const early = await takeEarlyReports(
      deps.database.db,
      row.channelId,
      'template',
      submitted.providerId,
    );
    await applyTemplateReports(
      deps,
      row.channelId,
      early.flatMap((report) => {
        const status = TEMPLATE_STATUSES.find((known) => known === report.status);
        return status
          ? [{ providerTemplateId: report.providerId, status, reason: report.reason }]
          : [];
      }),
    );
  }
}

const TEMPLATE_STATUSES: readonly TemplateReport['status'][] = [
  'pending',
  'approved',
  'rejected',
  'paused',
  'disabled',
];

/** Makes every due trip, each in turn; instances share them (SKIP LOCKED). Returns how many. */
export async function runDueTemplateWork(deps: PipelineDeps, limit = 100): Promise<number> {
  let tried = 0;
  while (tried < limit) {
    const row = await claim(deps, deps.clock.now());
    if (!row) break;
    tried += 1;
    try {
      await travel(deps, row);
    } catch (error) {
      // Our own fault (a database error): the lease brings the trip back later.
      console.error(`template ${row.id} could not reach its provider`, error);
    }
  }
  return tried;
}

/**
 * A provider's reviews of a channel's templates (its webhook): each moves the template it names to
 * the status reported, with the provider's reason. A template being deleted here, or unknown
 * (made in the provider's own manager), is left alone.
 */
export async function applyTemplateReports(
  deps: PipelineDeps,
  channelId: string,
  reports: readonly TemplateReport[],
): Promise<number> {
  if (reports.length === 0) return 0;
  const ids = reports.map((report) => report.providerTemplateId);
  const rows = await deps.database.db
    .select()
    .from(messengerTemplates)
    .where(
      and(eq(messengerTemplates.channelId, channelId), inArray(messengerTemplates.providerId, ids)),
    );
  let moved = 0;
  // Reviews of a template whose submission's answer is not written yet: kept, and applied then.
  const unknown = reports.filter(
    (report) => !rows.some((candidate) => candidate.providerId === report.providerTemplateId),
  );
  await keepForLater(
    deps.database.db,
    channelId,
    'template',
    unknown.map((report) => ({
      providerId: report.providerTemplateId,
      status: report.status,
      reason: report.reason,
    })),
    deps.clock.now(),
  );
  for (const report of reports) {
    const row = rows.find((candidate) => candidate.providerId === report.providerTemplateId);
    if (!row || row.status === 'deleting' || row.status === 'submitting') continue;
    if (row.status === report.status && row.reason === report.reason) continue;
    moved += 1;
    await settle(deps, row, (scope, current) =>
      update(
        scope,
        current,
        {
          status: report.status,
          reason: report.reason?.slice(0, LIMITS.deliveryReasonMax) ?? null,
        },
        'messengerTemplate.reviewed',
      ),
    );
  }
  return moved;
}
