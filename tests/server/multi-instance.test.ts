import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database';
import { seedDemoIfEmpty } from '../../server/demo/demo-data';
import * as t from '../../server/db/schema';
import { command, createScratchDatabase, LiveClient, login, sendCommands } from './harness';
import { startAppServer, type AppServer } from '../e2e/app-server';

/** The machine's PostgreSQL, when one answers: this test is about PostgreSQL's LISTEN/NOTIFY. */
const candidate = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const available = await answers(candidate);
if (!available)
  console.warn(
    `multi-instance test: no PostgreSQL answers at ${candidate}; it runs where one does (CI has one).`,
  );

describe.runIf(available)('two server processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  const servers: AppServer[] = [];
  let chatId: string;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(candidate);
    drop = scratch.drop;
    const database = await openDatabase({ url: scratch.url });
    await seedDemoIfEmpty(database.db, new Date());
    const [support] = await database.db.select().from(t.teams).where(eq(t.teams.name, 'Support'));
    const [chat] = await database.db
      .select()
      .from(t.chats)
      .where(and(eq(t.chats.teamId, support?.id ?? ''), eq(t.chats.status, 'pending')));
    chatId = chat?.id ?? '';
    await database.close();
    const instance = { DATABASE_URL: scratch.url, DEMO: 'false', STATIC_DIR: '/nonexistent' };
    servers.push(await startAppServer(instance), await startAppServer(instance));
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await drop();
  });

  it('each pushes to its live clients an event committed through the other', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers missing');
    const operatorOnA = await login(a, 'operator@demo.test');
    const operatorOnB = await login(b, 'operator@demo.test');
    const supervisorOnA = await login(a, 'supervisor@demo.test');
    const supervisorOnB = await login(b, 'supervisor@demo.test');
    const liveA = LiveClient.open(a, operatorOnA, 0);
    const liveB = LiveClient.open(b, operatorOnB, 0);
    try {
      await liveA.until((c) => c.ready);
      await liveB.until((c) => c.ready);
      const [viaB] = await sendCommands(b, supervisorOnB, [
        command('message.send', { chatId, text: 'Written through B', internal: true }),
      ]);
      expect(viaB?.ok).toBe(true);
      await liveA.until((c) =>
        c.events.some((e) => JSON.stringify(e.changes).includes('Written through B')),
      );
      const [viaA] = await sendCommands(a, supervisorOnA, [
        command('message.send', { chatId, text: 'Written through A', internal: true }),
      ]);
      expect(viaA?.ok).toBe(true);
      await liveB.until((c) =>
        c.events.some((e) => JSON.stringify(e.changes).includes('Written through A')),
      );
      // Both streams agree, event for event.
      await liveA.until((c) => c.events.length === 2);
      await liveB.until((c) => c.events.length === 2);
      expect(liveA.events.map((e) => e.seq)).toEqual(liveB.events.map((e) => e.seq));
    } finally {
      await liveA.close();
      await liveB.close();
    }
  });
});
