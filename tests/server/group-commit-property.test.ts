import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newId, type CommandEnvelope, type CommandResult } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { executeCommand } from '../../server/domain/execute-command';
import { command, sendCommands, serverForSuite } from './harness';

/**
 * Group commit must be invisible: whatever customers send, the same commands run together give
 * what they give one by one — the same answer to each, the same messages in each chat in the same
 * order, the same messages set aside. Each run plays one random script twice, in two worlds of
 * its own customers: once through executeCommand, one at a time, and once all at once through the
 * server's command queue, where they share groups and the set-by-set writes.
 */
const CUSTOMERS = ['ann', 'bob', 'cat', 'dan'] as const;
/** `dan` is blacklisted in both worlds: his messages are set aside. */
const BLOCKED = 'dan';

type Step = {
  customer: (typeof CUSTOMERS)[number];
  text: string;
  /** A message id of the script's own (the same name twice is the same id twice). */
  messageId: number | null;
  /** The same command id as an earlier step's, sent again (a retry), when that step exists. */
  retryOf: number | null;
  withEmail: boolean;
};

const step: fc.Arbitrary<Step> = fc.record({
  customer: fc.constantFrom(...CUSTOMERS),
  text: fc.oneof(
    fc.constantFrom('hi', 'help', '  spaced  ', '', 'привет'),
    fc.string({ maxLength: 12 }),
  ),
  messageId: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 3 }),
  retryOf: fc.option(fc.integer({ min: 0, max: 20 }), { freq: 6 }),
  withEmail: fc.boolean(),
});

describe('group commit against one by one', () => {
  const suite = serverForSuite();

  it('gives every random script the same answers, messages and set-aside messages as one by one', async () => {
    const { server, ids } = suite;
    // One by one, each command a millisecond after the one before at least, as in a group: a
    // customer's messages sort by time, and ties would fall to ids chosen in any order.
    let last = 0;
    const ticking = { now: () => new Date((last = Math.max(Date.now(), last + 1))) };
    const deps = { database: server.database, clock: ticking, wake: () => {} };
    const caller = {
      orgId: ids.org.id,
      actor: { kind: 'channel' as const, id: ids.channel.id },
      viewer: null,
    };

    /** The script's commands in one world: its own customers, message ids and command ids. */
    const world = (steps: readonly Step[]) => {
      const tag = newId();
      const messageIds = [newId(), newId(), newId(), newId()];
      const commands: CommandEnvelope[] = [];
      for (const [index, entry] of steps.entries()) {
        const earlier =
          entry.retryOf !== null && entry.retryOf < index ? commands[entry.retryOf] : undefined;
        if (earlier) {
          commands.push({ ...earlier });
          continue;
        }
        commands.push({
          id: newId(),
          type: 'message.receive',
          payload: {
            channelId: ids.channel.id,
            client: {
              externalId: `${entry.customer}-${tag}`,
              name: entry.customer,
              ...(entry.withEmail ? { email: `${entry.customer}-${tag}@example.test` } : {}),
            },
            text: entry.text,
            ...(entry.messageId === null ? {} : { messageId: messageIds[entry.messageId] }),
          },
        });
      }
      return { tag, commands };
    };

    const block = async (tag: string) => {
      const [added] = await sendCommands(server, suite.supervisor, [
        command('blacklist.add', {
          entryId: newId(),
          channelId: ids.channel.id,
          kind: 'channel',
          value: `${BLOCKED}-${tag}`,
        }),
      ]);
      expect(added?.ok).toBe(true);
    };

    /** What a user sees of a world: answers by name, each customer's messages, set-aside ones. */
    const seen = async (tag: string, results: readonly CommandResult[]) => {
      const externalIds = CUSTOMERS.map((customer) => `${customer}-${tag}`);
      const rows = await server.database.db
        .select({ externalId: t.clientContacts.value, text: t.messages.text })
        .from(t.messages)
        .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
        .innerJoin(
          t.clientContacts,
          and(
            eq(t.clientContacts.clientId, t.chats.clientId),
            eq(t.clientContacts.kind, 'channel'),
          ),
        )
        .where(inArray(t.clientContacts.value, externalIds))
        .orderBy(asc(t.messages.createdAt), asc(t.messages.id));
      const aside = await server.database.db
        .select({ text: t.blockedMessages.text })
        .from(t.blockedMessages)
        .where(eq(t.blockedMessages.externalId, `${BLOCKED}-${tag}`))
        .orderBy(asc(t.blockedMessages.receivedAt), asc(t.blockedMessages.id));
      const chatsOf = await server.database.db
        .select({ value: t.clientContacts.value })
        .from(t.chats)
        .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.chats.clientId))
        .where(inArray(t.clientContacts.value, externalIds));
      return {
        answers: results.map((result) => (result.ok ? 'ok' : result.error.name)),
        messages: CUSTOMERS.map((customer) =>
          rows.filter((row) => row.externalId === `${customer}-${tag}`).map((row) => row.text),
        ),
        aside: aside.map((row) => row.text),
        chats: CUSTOMERS.map(
          (customer) => chatsOf.filter((row) => row.value === `${customer}-${tag}`).length,
        ),
      };
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), async (steps) => {
        const alone = world(steps);
        const together = world(steps);
        await block(alone.tag);
        await block(together.tag);
        const aloneResults: CommandResult[] = [];
        for (const entry of alone.commands)
          aloneResults.push(await executeCommand(deps, caller, entry));
        const togetherResults = await Promise.all(
          together.commands.map((entry) => server.context.execute(caller, entry)),
        );
        expect(await seen(together.tag, togetherResults)).toEqual(
          await seen(alone.tag, aloneResults),
        );
      }),
      { numRuns: 12, seed: 2211 },
    );
  }, 240_000);
});
