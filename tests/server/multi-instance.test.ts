import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database';
import { seedDemoIfEmpty } from '../../server/demo/demo-data';
import * as t from '../../server/db/schema';
import {
  command,
  createScratchDatabase,
  LiveClient,
  login,
  reachablePostgres,
  sendCommands,
} from './harness';
import { startAppServer, type AppServer } from '../e2e/app-server';

/** The machine's PostgreSQL, when one answers: this test is about PostgreSQL's LISTEN/NOTIFY. */
const postgres = await reachablePostgres('multi-instance test');

describe.runIf(postgres !== undefined)('two server processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  const servers: AppServer[] = [];
  let chatId: string;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(postgres ?? '');
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
      // Both streams agree, event for event (each socket also logs its operator coming online).
      const messages = (c: LiveClient) => c.events.filter((e) => e.type === 'message.added');
      await liveA.until((c) => messages(c).length === 2);
      await liveB.until((c) => messages(c).length === 2);
      const upTo = Math.max(...messages(liveA).map((e) => e.seq));
      const seqs = (c: LiveClient) => c.events.map((e) => e.seq).filter((seq) => seq <= upTo);
      expect(seqs(liveA)).toEqual(seqs(liveB));
      expect(messages(liveA).map((e) => e.seq)).toEqual(messages(liveB).map((e) => e.seq));
    } finally {
      await liveA.close();
      await liveB.close();
    }
  });
});
