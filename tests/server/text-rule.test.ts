import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  PLAIN_DISTRIBUTION,
  call,
  command,
  customerWrites,
  LiveClient,
  login,
  newVisitor,
  operatorsChat,
  sendCommands,
  serverForSuite,
  upload,
  visitorSend,
} from './harness';
import { MOVES_ON_ITS_OWN, rowCounts } from './row-counts';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const BELL = '\u0007';

/** Class 1 of issue #16: text PostgreSQL cannot store answered HTTP 500 on some fields. */
describe('one text rule at the boundary: refused with INVALID_CHARACTERS, nothing written', () => {
  const suite = serverForSuite();
  let admin = '';
  beforeAll(async () => {
    admin = await login(suite.server, 'admin@demo.test');
  });

  /** Runs a request that must be refused and checks that no table moved. */
  async function refusedWithoutWrites<T>(request: () => Promise<T>): Promise<T> {
    const before = await rowCounts(suite.server.database, MOVES_ON_ITS_OWN);
    const answer = await request();
    expect(await rowCounts(suite.server.database, MOVES_ON_ITS_OWN)).toEqual(before);
    return answer;
  }

  it.each([
    ['U+0000', NUL],
    ['a lone surrogate', LONE_SURROGATE],
    ['a bell (C0 control)', BELL],
    ['a C1 control', '\u0085'],
  ])('a reply holding %s is refused as that one command', async (_what, bad) => {
    const chat = await operatorsChat(suite.server, suite.ids);
    const [result] = await refusedWithoutWrites(() =>
      sendCommands(suite.server, suite.operator, [
        command('message.send', { chatId: chat.id, text: `Hello${bad}there` }),
      ]),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { name: 'INVALID_CHARACTERS', params: { field: 'text' } },
    });
  });

  it('keeps tab, line feed and carriage return in a reply', async () => {
    const chat = await operatorsChat(suite.server, suite.ids);
    const messageId = newId();
    const text = 'Order:\r\n\t1. shoes\n\t2. jacket';
    const [result] = await sendCommands(suite.server, suite.operator, [
      command('message.send', { chatId: chat.id, messageId, text }),
    ]);
    expect(result?.ok).toBe(true);
    const [stored] = await suite.server.database.db
      .select({ text: t.messages.text })
      .from(t.messages)
      .where(eq(t.messages.id, messageId));
    expect(stored?.text).toBe(text);
  });

  it('refuses the one bad command of a batch; the others still go', async () => {
    const chat = await operatorsChat(suite.server, suite.ids);
    const good = newId();
    const results = await sendCommands(suite.server, suite.operator, [
      command('message.send', { chatId: chat.id, text: `bad${NUL}` }),
      command('message.send', { chatId: chat.id, messageId: good, text: 'good' }),
    ]);
    expect(results.map((result) => (result.ok ? 'ok' : result.error.name))).toEqual([
      'INVALID_CHARACTERS',
      'ok',
    ]);
  });

  it.each([
    ['U+0000', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('a team, a role and a user named with %s are refused', async (_what, bad) => {
    const payloads = [
      command('team.create', {
        teamId: newId(),
        name: `Night${bad}`,
        description: 'Answers at night',
        ...PLAIN_DISTRIBUTION,
      }),
      command('role.create', {
        roleId: newId(),
        name: 'Auditor',
        description: `Reads${bad}`,
        rights: [],
      }),
      command('user.update', {
        userId: suite.ids.operator.id,
        name: `Oscar${bad}`,
        email: 'operator@demo.test',
        roleId: suite.ids.operator.roleId,
        teamIds: [suite.ids.support.id],
        active: true,
      }),
    ];
    const results = await refusedWithoutWrites(() => sendCommands(suite.server, admin, payloads));
    expect(results.map((result) => (result.ok ? 'ok' : result.error))).toEqual([
      expect.objectContaining({ name: 'INVALID_CHARACTERS', params: { field: 'name' } }),
      expect.objectContaining({ name: 'INVALID_CHARACTERS', params: { field: 'description' } }),
      expect.objectContaining({ name: 'INVALID_CHARACTERS', params: { field: 'name' } }),
    ]);
  });

  it.each([
    ['U+0000', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('the account name with %s is refused and no event is written', async (_what, bad) => {
    const answer = await refusedWithoutWrites(() =>
      call(suite.server, 'PATCH', '/api/auth/acc/update', {
        token: suite.supervisor,
        body: { name: `Sam${bad}` },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'error',
      error: { name: 'INVALID_CHARACTERS', params: { field: 'name' } },
    });
  });

  it('a login e-mail with U+0000 is refused, in Russian when asked', async () => {
    const answer = await refusedWithoutWrites(async () => {
      const response = await fetch(`${suite.server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
        body: JSON.stringify({ email: `admin@demo.test${NUL}`, password: 'Demo-pass-1!' }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'error',
      error: {
        name: 'INVALID_CHARACTERS',
        params: { field: 'email' },
        message: 'Текст содержит недопустимый символ (управляющий или повреждённый)',
      },
    });
  });

  it.each([
    ['U+0000', '%00'],
    ['an escape (C0 control)', '%1B'],
    ['a C1 control', '%C2%85'],
  ])('a user search for %s is refused', async (_what, encoded) => {
    const answer = await call(suite.server, 'GET', `/api/acc/user/short?name=a${encoded}`, {
      token: suite.operator,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      name: 'INVALID_CHARACTERS',
      params: { field: 'name' },
    });
  });

  it('a live socket whose query breaks the rule is closed as a bad query, as any bad query is', async () => {
    const live = new LiveClient(
      suite.server.wsUrl,
      `after=0&token=${encodeURIComponent(`x${NUL}`)}`,
    );
    await live.until((client) => client.closeCode !== undefined);
    expect(live.closeCode).toBe(1008);
  });

  it('an upload named with U+0000 is refused, from staff and from a visitor alike', async () => {
    const visitor = await newVisitor(suite.server, suite.ids.channel.id);
    for (const caller of [{ token: suite.operator }, { visitor: visitor.token }]) {
      const answer = await refusedWithoutWrites(() =>
        upload(suite.server, caller, newId(), {
          bytes: 'hello',
          type: 'text/plain',
          name: `notes${NUL}.txt`,
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        name: 'INVALID_CHARACTERS',
        params: { field: 'x-file-name' },
      });
    }
  });
});

/** Customers' words from a channel are made safe instead: refusing them would lose them. */
describe("a customer's words from a channel are kept, made safe", () => {
  const suite = serverForSuite();

  const storedText = async (messageId: string) => {
    const [row] = await suite.server.database.db
      .select({ text: t.messages.text })
      .from(t.messages)
      .where(eq(t.messages.id, messageId));
    return row?.text;
  };

  it('a widget message with controls and a broken surrogate arrives, those characters dropped or replaced', async () => {
    const visitor = await newVisitor(suite.server, suite.ids.channel.id);
    const id = newId();
    const answer = await visitorSend(suite.server, visitor.token, {
      id,
      text: `Where is${NUL} my${BELL} order?\tNo ${LONE_SURROGATE}reply yet`,
      name: `Ann${NUL}a`,
    });
    expect(answer.status).toBe(200);
    expect(await storedText(id)).toBe('Where is my order?\tNo \ufffdreply yet');
    const [client] = await suite.server.database.db
      .select({ name: t.clients.name })
      .from(t.clients)
      .innerJoin(t.clientContacts, eq(t.clientContacts.clientId, t.clients.id))
      .where(eq(t.clientContacts.value, visitor.visitorId));
    expect(client?.name).toBe('Anna');
  });

  it('a channel adapter’s message.receive is made safe the same way', async () => {
    const result = await customerWrites(
      suite.server,
      suite.ids.org.id,
      suite.ids.channel.id,
      `tg-${NUL}${newId()}`,
      `Hi${NUL}!${LONE_SURROGATE}`,
    );
    expect(result.ok).toBe(true);
    const stored = await suite.server.database.db
      .select({ text: t.messages.text })
      .from(t.messages)
      .where(eq(t.messages.text, 'Hi!\ufffd'));
    expect(stored).toHaveLength(1);
  });
});
