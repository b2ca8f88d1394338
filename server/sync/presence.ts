import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { presence, users } from '../db/schema';
import type { Clock } from '../clock';
import { runInScope } from '../domain/core/run-in-scope';
import type { CommandScope } from '../domain/core/command-scope';
import { lockDistribution } from '../domain/distribution/serve-queue';
import { ORG_GROUP } from './groups';
import { userRow } from './wire-rows';
import { PRESENCE_REFRESH_MS, presenceFreshSince } from './presence-window';

type Person = { id: string; orgId: string };

/**
 * Which staff members hold a live connection, across server instances (issue 5: only a connected
 * operator is given chats). Each instance writes one row per connected user with its own count
 * and keeps it fresh; a user is online while any fresh row of any instance has them. Going online
 * serves the operator's queues at once; going offline is synced to colleagues as `online`.
 */
export class Presence {
  private readonly counts = new Map<string, number>();
  /** One change at a time per user, in the order connections opened and closed. */
  private readonly queues = new Map<string, Promise<void>>();
  private refresher: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly wake: (orgId: string) => void,
    readonly instanceId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  opened(person: Person): Promise<void> {
    return this.change(person, 1);
  }

  closed(person: Person): Promise<void> {
    return this.change(person, -1);
  }

  /** Keeps this instance's rows fresh and clears the rows of instances that stopped. */
  start(): void {
    this.refresher = setInterval(() => {
      this.refresh().catch(this.onError);
    }, PRESENCE_REFRESH_MS);
    this.refresher.unref();
  }

  /** Forgets this instance's connections (its sockets are closing) and stops refreshing. */
  async stop(): Promise<void> {
    clearInterval(this.refresher);
    await Promise.all([...this.queues.values()]);
    const mine = await this.database.db
      .delete(presence)
      .where(eq(presence.instanceId, this.instanceId))
      .returning({ id: presence.userId, orgId: presence.orgId });
    this.counts.clear();
    await this.settleOffline(mine);
  }

  async refresh(): Promise<void> {
    const now = this.clock.now();
    await this.database.db
      .update(presence)
      .set({ seenAt: now })
      .where(eq(presence.instanceId, this.instanceId));
    const gone = await this.database.db
      .delete(presence)
      .where(lt(presence.seenAt, sql`${presenceFreshSince(now)}::timestamptz`))
      .returning({ id: presence.userId, orgId: presence.orgId });
    await this.settleOffline(gone);
  }

  private change(person: Person, delta: 1 | -1): Promise<void> {
    const previous = this.queues.get(person.id) ?? Promise.resolve();
    const next = previous
      .then(() => this.apply(person, delta))
      .catch(this.onError)
      .finally(() => {
        if (this.queues.get(person.id) === next) this.queues.delete(person.id);
      });
    this.queues.set(person.id, next);
    return next;
  }

  private async apply(person: Person, delta: 1 | -1): Promise<void> {
    const was = this.counts.get(person.id) ?? 0;
    const count = Math.max(0, was + delta);
    if (count === 0) this.counts.delete(person.id);
    else this.counts.set(person.id, count);
    // Between the first connection and the last close only this instance's count moves (what
    // monitoring reads); online and the queues change only at those two moments.
    if ((was === 0) === (count === 0)) {
      if (count > 0)
        await this.database.db
          .update(presence)
          .set({ connections: count })
          .where(and(eq(presence.instanceId, this.instanceId), eq(presence.userId, person.id)));
      return;
    }
    await this.inScope(person.orgId, async (scope) => {
      // Before any user row: distribution may be giving this user a chat right now.
      await lockDistribution(scope);
      if (count > 0) {
        await scope.tx
          .insert(presence)
          .values({
            instanceId: this.instanceId,
            userId: person.id,
            orgId: person.orgId,
            connections: count,
            seenAt: scope.now,
          })
          .onConflictDoUpdate({
            target: [presence.instanceId, presence.userId],
            set: { connections: count, seenAt: scope.now },
          });
      } else {
        await scope.tx
          .delete(presence)
          .where(and(eq(presence.instanceId, this.instanceId), eq(presence.userId, person.id)));
      }
      await setOnline(scope, person.id);
    });
  }

  private async settleOffline(people: readonly Person[]): Promise<void> {
    const byOrg = new Map<string, Set<string>>();
    for (const person of people) {
      const ids = byOrg.get(person.orgId) ?? new Set<string>();
      ids.add(person.id);
      byOrg.set(person.orgId, ids);
    }
    for (const [orgId, ids] of byOrg) {
      await this.inScope(orgId, async (scope) => {
        await lockDistribution(scope);
        for (const id of [...ids].sort()) await setOnline(scope, id);
      });
    }
  }

  private async inScope(orgId: string, work: (scope: CommandScope) => Promise<void>) {
    const appended = await this.database.db.transaction((tx) =>
      runInScope(
        this.database,
        tx,
        { orgId, actor: { kind: 'system' }, viewer: null },
        { commandId: null, now: this.clock.now() },
        work,
      ),
    );
    if (appended !== null) this.wake(orgId);
  }
}

/**
 * Brings a user's synced `online` in line with the fresh presence rows. Coming online serves the
 * queues of an operator who is In work: "an operator who connects pulls the next one".
 */
async function setOnline(scope: CommandScope, userId: string): Promise<void> {
  const [fresh] = await scope.tx
    .select({ userId: presence.userId })
    .from(presence)
    .where(
      and(
        eq(presence.userId, userId),
        gt(presence.connections, 0),
        gt(presence.seenAt, sql`${presenceFreshSince(scope.now)}::timestamptz`),
      ),
    )
    .limit(1);
  const online = fresh !== undefined;
  const [row] = await scope.tx
    .update(users)
    .set({ online, updatedAt: scope.now })
    .where(
      and(eq(users.id, userId), eq(users.orgId, scope.orgId), sql`${users.online} <> ${online}`),
    )
    .returning();
  if (!row) return; // nothing changed
  scope.emit('user.updated', { userId, online }, [
    { table: 'users', op: 'put', key: row.id, row: userRow(row), groups: [ORG_GROUP] },
  ]);
  if (online && row.operatorStatus === 'in_work') scope.serveTeams(row.teamIds);
}
