import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database';
import { seedDemoIfEmpty } from '../../server/demo/demo-data';
import * as t from '../../server/db/schema';
import { command, createScratchDatabase, LiveClient, login, sendCommands } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
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

/** Starts `server/main.ts` as its own process and resolves with its address once it listens. */
function startProcess(
  databaseUrl: string,
): Promise<{ child: ChildProcess; baseUrl: string; wsUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO: 'false',
        STATIC_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`server did not start: ${output}`));
    }, 30_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          child,
          baseUrl: `http://127.0.0.1:${match[1]}`,
          wsUrl: `ws://127.0.0.1:${match[1]}`,
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}: ${output}`));
    });
  });
}

describe.runIf(available)('two server processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  const servers: { child: ChildProcess; baseUrl: string; wsUrl: string }[] = [];
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
    servers.push(await startProcess(scratch.url), await startProcess(scratch.url));
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
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
