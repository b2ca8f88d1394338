import { describe, expect, it } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import { newId, type CommandResult, type VisitorItem } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { ORG_GROUP } from '../../server/sync/groups';
import {
  call,
  command,
  newVisitor,
  sendCommands,
  serverForSuite,
  visitorSend,
  type TestServer,
} from './harness';
import { rowCounts, MOVES_ON_ITS_OWN } from './row-counts';
import { distributionTeam, roomyLicences } from './distribution-fixture';

type Sender = { externalId: string; name?: string; phone?: string; email?: string };

/** A customer's message through a channel adapter, with whatever contacts the channel gives. */
const receive = (
  server: TestServer,
  orgId: string,
  channelId: string,
  client: Sender,
  text: string,
  messageId?: string,
): Promise<CommandResult> =>
  server.context.execute(
    { orgId, actor: { kind: 'channel', id: channelId }, viewer: null },
    {
      id: newId(),
      type: 'message.receive',
      payload: { channelId, client, text, ...(messageId ? { messageId } : {}) },
    },
  );

/** The tables a set-aside message may change, beside those that move on their own. */
const SET_ASIDE = { blocked_messages: 1, events: 1 };
/** The log's head row appears with an organization's first event; the events are checked instead. */
const UNCOUNTED = [...MOVES_ON_ITS_OWN, 'event_log_heads'];

describe('the blacklist at ingest', () => {
  const suite = serverForSuite();

  /** An entry added as the blacklist page adds it: blacklist.add through the commands API. */
  const blacklistEntry = async (entry: {
    kind: 'phone' | 'email' | 'channel';
    value: string;
    channelId?: string;
  }) => {
    const entryId = newId();
    const [result] = await sendCommands(suite.server, suite.supervisor, [
      command('blacklist.add', { entryId, channelId: null, ...entry }),
    ]);
    expect(result?.ok).toBe(true);
    return entryId;
  };

  /**
   * Sends one message and checks it was set aside: the command succeeds, one blocked_messages row
   * and one org-wide `message.blocked` event carrying only that row, and no other table changed.
   */
  const expectSetAside = async (entryId: string, send: () => Promise<unknown>) => {
    const { database } = suite.server;
    const before = await rowCounts(database, UNCOUNTED);
    const [head] = await database.db
      .select({ seq: t.eventLogHeads.seq })
      .from(t.eventLogHeads)
      .where(eq(t.eventLogHeads.orgId, suite.ids.org.id));
    await send();
    const after = await rowCounts(database, UNCOUNTED);
    const expected = { ...before };
    for (const [table, added] of Object.entries(SET_ASIDE))
      expected[table] = (before[table] ?? 0) + added;
    expect(after).toEqual(expected);
    const logged = await database.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.orgId, suite.ids.org.id), gt(t.events.seq, head?.seq ?? 0)));
    expect(logged).toHaveLength(1);
    const [event] = logged;
    expect(event?.type).toBe('message.blocked');
    expect(event?.groups).toEqual([ORG_GROUP]);
    const changes = event?.changes as { table: string; op: string; row: { entryId: string } }[];
    expect(changes.map((change) => [change.table, change.op])).toEqual([
      ['blockedMessages', 'put'],
    ]);
    expect(changes[0]?.row.entryId).toBe(entryId);
    const [aside] = await database.db
      .select()
      .from(t.blockedMessages)
      .orderBy(desc(t.blockedMessages.receivedAt))
      .limit(1);
    return aside;
  };

  it('sets aside a message from a blacklisted channel identity: no client, chat or message', async () => {
    const { server, ids } = suite;
    const externalId = `tg-${newId()}`;
    const entryId = await blacklistEntry({
      kind: 'channel',
      value: externalId,
      channelId: ids.channel.id,
    });
    const aside = await expectSetAside(entryId, async () => {
      const result = await receive(
        server,
        ids.org.id,
        ids.channel.id,
        { externalId, name: 'Spammer' },
        '  Buy now  ',
      );
      expect(result.ok).toBe(true);
    });
    expect(aside).toMatchObject({
      entryId,
      channelId: ids.channel.id,
      externalId,
      name: 'Spammer',
      text: 'Buy now',
      attachmentCount: 0,
    });
  });

  it('matches the phone and the e-mail the channel gives, normalised as contacts are', async () => {
    const { server, ids } = suite;
    const phoneEntry = await blacklistEntry({ kind: 'phone', value: '+79161234567' });
    await expectSetAside(phoneEntry, async () => {
      const result = await receive(
        server,
        ids.org.id,
        ids.channel.id,
        { externalId: `c-${newId()}`, phone: '8 (916) 123-45-67' },
        'Hello',
      );
      expect(result.ok).toBe(true);
    });
    const emailEntry = await blacklistEntry({ kind: 'email', value: 'spam@example.com' });
    await expectSetAside(emailEntry, async () => {
      const result = await receive(
        server,
        ids.org.id,
        ids.channel.id,
        { externalId: `c-${newId()}`, email: ' SPAM@Example.com ' },
        'Hello',
      );
      expect(result.ok).toBe(true);
    });
  });

  it('matches a phone of the client the identity already belongs to, and adds nothing to their chat', async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const externalId = `c-${newId()}`;
    expect((await receive(server, ids.org.id, ids.channel.id, { externalId }, 'First')).ok).toBe(
      true,
    );
    const [identity] = await db
      .select()
      .from(t.clientContacts)
      .where(
        and(eq(t.clientContacts.channelId, ids.channel.id), eq(t.clientContacts.value, externalId)),
      );
    if (!identity) throw new Error('no identity');
    await db.insert(t.clientContacts).values({
      id: newId(),
      orgId: ids.org.id,
      clientId: identity.clientId,
      kind: 'phone',
      value: '+79035550101',
    });
    const entryId = await blacklistEntry({ kind: 'phone', value: '+79035550101' });
    await expectSetAside(entryId, async () => {
      const result = await receive(server, ids.org.id, ids.channel.id, { externalId }, 'Second');
      expect(result.ok).toBe(true);
    });
    const thread = await db
      .select({ text: t.messages.text })
      .from(t.messages)
      .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
      .where(eq(t.chats.clientId, identity.clientId));
    expect(thread.map((row) => row.text)).toEqual(['First']);
  });

  it('sets a message aside once, however often its sender delivers it again', async () => {
    const { server, ids } = suite;
    const externalId = `c-${newId()}`;
    const entryId = await blacklistEntry({
      kind: 'channel',
      value: externalId,
      channelId: ids.channel.id,
    });
    const messageId = newId();
    await receive(server, ids.org.id, ids.channel.id, { externalId }, 'Once', messageId);
    const before = await rowCounts(server.database, UNCOUNTED);
    const again = await receive(
      server,
      ids.org.id,
      ids.channel.id,
      { externalId },
      'Once',
      messageId,
    );
    expect(again.ok).toBe(true);
    expect(await rowCounts(server.database, UNCOUNTED)).toEqual(before);
    const rows = await server.database.db
      .select()
      .from(t.blockedMessages)
      .where(eq(t.blockedMessages.entryId, entryId));
    expect(rows.map((row) => row.id)).toEqual([messageId]);
  });

  it('a blacklisted widget visitor is answered ok, a retry sets nothing aside twice, and their feed stays empty', async () => {
    const { server, ids } = suite;
    const { visitorId, token } = await newVisitor(server, ids.channel.id);
    const entryId = await blacklistEntry({
      kind: 'channel',
      value: visitorId,
      channelId: ids.channel.id,
    });
    const id = newId();
    const aside = await expectSetAside(entryId, async () => {
      const sent = await visitorSend(server, token, { id, text: 'Let me in', name: 'Mallory' });
      expect(sent.body).toMatchObject({ code: 'ok', entity: { id } });
    });
    expect(aside).toMatchObject({ id, externalId: visitorId, text: 'Let me in', name: 'Mallory' });
    const before = await rowCounts(server.database, UNCOUNTED);
    const retry = await visitorSend(server, token, { id, text: 'Let me in', name: 'Mallory' });
    expect(retry.body.code).toBe('ok');
    expect(await rowCounts(server.database, UNCOUNTED)).toEqual(before);

    const feed = await call(server, 'GET', '/api/widget/feed?after=0', { visitor: token });
    expect(feed.status).toBe(200);
    expect(feed.body.entity).toMatchObject({ items: [] as VisitorItem[], hasMore: false });
  });
});

describe('spam clients and distribution', () => {
  const suite = serverForSuite();
  roomyLicences(suite);

  const setSpam = async (clientId: string, spam: boolean) => {
    const [result] = await sendCommands(suite.server, suite.supervisor, [
      command('client.setSpam', { clientId, spam }),
    ]);
    expect(result?.ok).toBe(true);
  };

  it('a spam client’s new chat waits unrouted, ungreeted and unserved beside a free operator; once the flag is lifted it is served', async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    const team = await distributionTeam(server, ids, { operators: 1 });
    await db.insert(t.autoReplies).values({
      orgId: ids.org.id,
      channelId: team.channelId,
      kind: 'greeting',
      text: 'Hello! An operator will be with you shortly.',
    });
    const { chat: first, externalId } = await team.customer('Cheap watches');
    await setSpam(first.clientId, true);
    await team.ready(team.operator(0));

    const { chat } = await team.customer('Cheap watches, again', externalId);
    expect(chat.id).not.toBe(first.id);
    expect(chat).toMatchObject({
      clientId: first.clientId,
      status: 'pending',
      operatorId: null,
      teamId: team.teamId,
    });
    expect(await team.botMessages(chat.id)).toEqual([]);
    // A customer who is not spam is greeted and served past it.
    const { chat: honest } = await team.customer('Where is my order?');
    expect(await team.chat(honest.id)).toMatchObject({
      status: 'assigned',
      operatorId: team.operator(0).id,
    });
    expect((await team.botMessages(honest.id)).map((message) => message.text)).toEqual([
      'Hello! An operator will be with you shortly.',
    ]);
    expect(await team.chat(chat.id)).toMatchObject({ status: 'pending', operatorId: null });

    await setSpam(first.clientId, false);
    expect(await team.chat(chat.id)).toMatchObject({
      status: 'assigned',
      operatorId: team.operator(0).id,
    });
  });
});
