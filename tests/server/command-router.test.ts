import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { newId, type CommandEnvelope, type CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { CommandQueue } from '../../server/domain/command-queue';
import type { CommandCaller } from '../../server/domain/execute-command';
import { CommandRouter, GONE_AFTER_MS } from '../../server/scale/command-router';
import { homeOf, partitionOf } from '../../server/scale/partitions';
import { freePort } from '../providers/mail/dovecot';
import { startNatsServer, type NatsServer } from '../providers/nats/nats-server';
import { demoIds, startTestServer, type DemoIds, type TestServer } from './harness';

/**
 * Two instances' command routers on one database and a private NATS: the commands of an
 * organization run at its home instance whichever instance received them, each once, with the
 * answers the local queue gives; and when the home goes, the other takes its commands.
 */
describe('one home per organization, over NATS', () => {
  let nats: NatsServer;
  let server: TestServer;
  let ids: DemoIds;
  const routers = new Map<string, CommandRouter>();
  const errors: unknown[] = [];

  const routerOn = (instanceId: string) =>
    CommandRouter.start(
      new CommandQueue({ database: server.database, clock: server.clock, wake: () => undefined }),
      {
        instanceId,
        natsUrl: nats.url,
        onError: (error) => errors.push(error),
        timeoutMs: 10_000,
      },
    );

  const caller = (): CommandCaller => ({
    orgId: ids.org.id,
    actor: { kind: 'channel', id: ids.channel.id },
    viewer: null,
  });
  const customerMessage = (text: string, id = newId()): CommandEnvelope => ({
    id,
    type: 'message.receive',
    payload: {
      channelId: ids.channel.id,
      messageId: id,
      client: { externalId: `router-${text.slice(0, 40)}`, name: 'Router customer' },
      text,
    },
  });
  const storedTexts = async (texts: string[]) =>
    (
      await server.database.db
        .select({ text: t.messages.text })
        .from(t.messages)
        .where(inArray(t.messages.text, texts))
    ).map((row) => row.text);
  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    server = await startTestServer();
    ids = await demoIds(server.database);
    routers.set('a', await routerOn('a'));
    routers.set('b', await routerOn('b'));
    await until(
      () => [...routers.values()].every((one) => one.liveInstances().length === 2),
      'the two instances to see each other',
    );
  }, 30_000);

  afterAll(async () => {
    for (const router of routers.values()) await router.stop();
    await server.close();
    await nats.stop();
  });

  it('runs the commands an instance that is not home receives at the home, once, in order', async () => {
    const home = homeOf(partitionOf(ids.org.id), ['a', 'b']) ?? '';
    const away = home === 'a' ? 'b' : 'a';
    const [atHome, atAway] = [routers.get(home), routers.get(away)];
    if (!atHome || !atAway) throw new Error('routers missing');
    const texts = Array.from({ length: 30 }, (_, i) => `Forwarded ${String(i)} ${newId()}`);
    const commands = texts.map((text) => customerMessage(text));
    const results = await Promise.all(atAway.executeAll(caller(), commands));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(atAway.counts.sentToOthers).toBe(30);
    expect(atHome.counts.ranForOthers).toBe(30);
    expect(atAway.counts.ranHereUnanswered).toBe(0);
    expect((await storedTexts(texts)).sort()).toEqual([...texts].sort());
    // In order: the log added the messages in the order they were sent.
    const sentIds = commands.map((command) => command.id);
    const logged = (
      await server.database.db
        .select({ changes: t.events.changes })
        .from(t.events)
        .where(eq(t.events.type, 'message.added'))
        .orderBy(t.events.seq)
    )
      .flatMap((row) => (row.changes as { table: string; key: string }[]).map((c) => c.key))
      .filter((key) => sentIds.includes(key));
    expect(logged).toEqual(sentIds);
    expect(errors).toEqual([]);
  });

  it('answers a refusal from the home as the local queue does', async () => {
    const home = homeOf(partitionOf(ids.org.id), ['a', 'b']) ?? '';
    const away = routers.get(home === 'a' ? 'b' : 'a');
    if (!away) throw new Error('router missing');
    const id = newId();
    const refused: CommandEnvelope = {
      id,
      type: 'message.receive',
      payload: {
        channelId: newId(),
        messageId: id,
        client: { externalId: 'router-refused', name: 'Nobody' },
        text: 'To a channel that does not exist',
      },
    };
    const [result] = await Promise.all(away.executeAll(caller(), [refused]));
    const local = await new CommandQueue({
      database: server.database,
      clock: server.clock,
      wake: () => undefined,
    }).execute(caller(), { ...refused, id: newId() });
    if (local.ok) throw new Error('the local queue took a message to a missing channel');
    expect(result).toMatchObject({ ok: false, error: { name: local.error.name } });
  });

  it('runs a batch over the NATS server’s largest message where it arrived, every command once', async () => {
    const home = homeOf(partitionOf(ids.org.id), ['a', 'b']) ?? '';
    const away = routers.get(home === 'a' ? 'b' : 'a');
    if (!away) throw new Error('router missing');
    // 150 messages of 9,000 characters: about 1.4 MB, over nats-server's 1 MB default.
    const texts = Array.from(
      { length: 150 },
      (_, i) => `Long ${String(i)} ${newId()} ${'x'.repeat(9_000)}`,
    );
    const sent = away.counts.sentToOthers;
    const results = await Promise.all(
      away.executeAll(
        caller(),
        texts.map((text) => customerMessage(text)),
      ),
    );
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(away.counts.ranHereTooLarge).toBe(150);
    expect(away.counts.sentToOthers).toBe(sent);
    expect((await storedTexts(texts)).length).toBe(150);
    expect(errors).toEqual([]);
  });

  it('refuses to start with a NATS_URL where nothing answers, naming the setting', async () => {
    const url = `nats://127.0.0.1:${String(await freePort())}`;
    await expect(
      CommandRouter.start(
        new CommandQueue({ database: server.database, clock: server.clock, wake: () => undefined }),
        { instanceId: 'c', natsUrl: url, onError: (error) => errors.push(error) },
      ),
    ).rejects.toThrow(`NATS_URL ${url} does not answer`);
  });

  it('stores a command sent through both instances at once once, both answered alike', async () => {
    const text = `Sent twice ${newId()}`;
    const command = customerMessage(text);
    const results: CommandResult[] = await Promise.all([
      ...(routers.get('a')?.executeAll(caller(), [command]) ?? []),
      ...(routers.get('b')?.executeAll(caller(), [command]) ?? []),
    ]);
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual(results[1]);
    expect(await storedTexts([text])).toEqual([text]);
  });

  it(
    'takes the commands of a home that went away: none lost, none doubled',
    async () => {
      const home = homeOf(partitionOf(ids.org.id), ['a', 'b']) ?? '';
      const staying = routers.get(home === 'a' ? 'b' : 'a');
      const leaving = routers.get(home);
      if (!staying || !leaving) throw new Error('routers missing');
      const texts: string[] = [];
      const send = async (label: string) => {
        const text = `${label} ${newId()}`;
        texts.push(text);
        const [result] = await Promise.all(staying.executeAll(caller(), [customerMessage(text)]));
        return result;
      };
      expect((await send('Before the home left'))?.ok).toBe(true);
      await leaving.stop();
      routers.delete(home);
      // While the staying instance still counts the home as live, its requests find nobody
      // listening and run where they are.
      expect((await send('Right after it left'))?.ok).toBe(true);
      await until(() => staying.liveInstances().length === 1, 'the home to count as gone');
      const ranForOthers = staying.counts.ranForOthers;
      const sent = staying.counts.sentToOthers;
      expect((await send('After it was gone'))?.ok).toBe(true);
      // Home to every partition now: nothing more is sent anywhere.
      expect(staying.counts.sentToOthers).toBe(sent);
      expect(staying.counts.ranForOthers).toBe(ranForOthers);
      expect(staying.homePartitions()).toHaveLength(64);
      expect((await storedTexts(texts)).sort()).toEqual([...texts].sort());
    },
    20_000 + GONE_AFTER_MS,
  );
});
