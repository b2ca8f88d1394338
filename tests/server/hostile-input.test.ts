import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { desc, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import * as protocol from '../../src/protocol';
import {
  COMMAND_PAYLOADS,
  COMMAND_TYPES,
  ERROR_NAMES,
  STAFF_COMMAND_TYPES,
  newId,
  type CommandResult,
  type CommandType,
} from '../../src/protocol';
import * as t from '../../server/db/schema';
import { defaultRuleRow } from '../../server/domain/distribution/default-rule';
import {
  command,
  customerWrites,
  login,
  newVisitor,
  sendCommands,
  serverForSuite,
  upload,
  visitorSend,
} from './harness';
import { MOVES_ON_ITS_OWN, rowCounts } from './row-counts';
import {
  INFINITY_MARK,
  hostileCases,
  hostileText,
  jsonText,
  unionBody,
  valueFor,
  type IdPools,
} from './schema-arbitraries';

/**
 * Issue #16: hostile values for every field of every command schema and for every route the
 * server registered, on PGlite and (DATABASE_URL) PostgreSQL. Never a 5xx; a refusal is the
 * product's error shape with a known name and writes nothing. Both lists are read at run time
 * (COMMAND_PAYLOADS, Fastify's routes), so a new command or endpoint is covered unedited.
 *
 * FC_SEED and FC_RUNS (a factor on the run counts) replay or widen a run; a failure prints the
 * seed and the counterexample.
 */
const SEED = Number(process.env.FC_SEED ?? 1_600_016);
const SCALE = Number(process.env.FC_RUNS ?? 1);
/** Runs of each (part of a payload, hostile kind) pair, and of wholly random payloads. */
const CASE_RUNS = Math.max(1, Math.round(SCALE));
const MIXED_RUNS = Math.round(8 * SCALE);
const ROUTE_RUNS = Math.round(12 * SCALE);

/** The routes Fastify registered, read from its route tree (printRoutes), HEAD left out. */
function registeredRoutes(tree: string): { url: string; methods: string[] }[] {
  const routes: { url: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const methods = (match[3] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD');
    if (methods.length > 0) routes.push({ url: stack.join(''), methods });
  }
  return routes;
}

/** A surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encoding that also writes lone surrogates (as the broken UTF-8 a client could send). */
const encode = (text: string): string =>
  encodeURIComponent(text.replace(LONE_SURROGATE, '\uffff')).replaceAll('%EF%BF%BF', '%ED%A0%80');

/**
 * A header value fetch will send: no CR, LF or NUL, nothing beyond Latin-1, and no DEL (undici
 * refuses a value with one before any request is made, as RFC 9110's field-content says).
 */
const headerSafe = (text: string): string =>
  text.replace(/[\r\n\0]/g, '').replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

type Sent = { method: string; path: string; headers: Record<string, string>; body?: string };

const describeSent = (sent: Sent): string =>
  `${sent.method} ${sent.path.slice(0, 300)} ${JSON.stringify(sent.headers).slice(0, 300)} ${
    sent.body === undefined ? '' : sent.body.slice(0, 500)
  }`;

describe('hostile input never fails the server', () => {
  const suite = serverForSuite();
  let prober = '';
  let visitor = '';
  let pools: IdPools;
  let orgId = '';

  /**
   * Rows per table (but those that move on their own), before and after each request. Nothing
   * else writes between requests, so one request's "after" is the next one's "before"; unknown
   * after a request that failed the test.
   */
  let lastCounts: Record<string, number> | undefined;
  const counts = () => rowCounts(suite.server.database, MOVES_ON_ITS_OWN);
  const countsBefore = async () => {
    const before = lastCounts ?? (await counts());
    lastCounts = undefined;
    return before;
  };
  const countsAfter = async () => {
    lastCounts = await counts();
    return lastCounts;
  };

  beforeAll(async () => {
    const { server, ids } = suite;
    const { db } = server.database;
    orgId = ids.org.id;
    // Commands go as an administrator that no generated id can reach, so no generated
    // deactivation, role change or password reset can sign the test out.
    const proberId = newId();
    await db.insert(t.users).values({
      ...ids.admin,
      id: proberId,
      email: `prober-${proberId}@demo.test`,
      name: 'Prober',
      totpEnabled: false,
      totpSecret: null,
    });
    prober = await login(server, `prober-${proberId}@demo.test`);

    // Another organization with a team, a channel and a customer's chat: foreign ids.
    const other = await protocolOther(server);
    // A site visitor with a conversation, and a file, so their routes have something to find.
    const guest = await newVisitor(server, ids.channel.id);
    visitor = guest.token;
    await visitorSend(server, visitor, { id: newId(), text: 'Hello' });
    // The prober answers that chat: its newest chat is open and its own, so a payload naming it
    // reaches the write, where a missed rule would fail.
    const [open] = await db
      .select({ id: t.chats.id })
      .from(t.chats)
      .orderBy(desc(t.chats.id))
      .limit(1);
    const [taken] = await sendCommands(server, prober, [
      command('chat.take', { chatId: open?.id }),
    ]);
    expect(taken?.ok).toBe(true);
    await upload(server, { token: suite.operator }, newId(), {
      bytes: 'notes',
      type: 'text/plain',
      name: 'notes.txt',
    });

    const byTable = new Map<string, { own: string[]; foreign: string[] }>();
    for (const table of Object.values(t) as unknown[]) {
      if (!is(table, PgTable)) continue;
      const columns = getTableColumns(table);
      if (!('id' in columns)) continue;
      const name = getTableName(table);
      const owned = 'orgId' in columns;
      const read = async (where: string) =>
        (
          (await db.execute(
            // Newest first: the rows this test made (an open chat, a file) lead.
            sql.raw(`select id::text as id from "${name}" ${where} order by id desc limit 6`),
          )) as { rows: { id: string }[] }
        ).rows.map((row) => row.id);
      byTable.set(name, {
        own: (await read(owned ? `where org_id = '${orgId}'` : '')).filter((id) => id !== proberId),
        foreign: owned ? await read(`where org_id = '${other}'`) : [],
      });
    }
    const all = [...byTable.values()];
    const allOwn = all.flatMap((ids) => ids.own);
    const aliases: Record<string, string> = {
      operator: 'users',
      category: 'request_categories',
      photo_file: 'files',
      rule: 'routing_rules',
      rating_link: 'rating_links',
    };
    pools = {
      own: (field) => {
        const stem = field
          .replace(/Ids?$/, '')
          .replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
          .replace(/^_/, '');
        const table =
          aliases[stem] ?? [...byTable.keys()].find((name) => name === `${stem}s`) ?? '';
        const own = byTable.get(table)?.own ?? [];
        return own.length > 0 ? own : allOwn;
      },
      foreign: all.flatMap((ids) => ids.foreign),
      emails: ['operator@demo.test', 'admin@demo.test', 'new.person@example.com', 'A@B.CO'],
    };
    expect(pools.foreign.length).toBeGreaterThan(0);
  });

  /** Another organization with a team, a site-chat channel and a customer's chat. */
  async function protocolOther(server: typeof suite.server): Promise<string> {
    const { db } = server.database;
    const other = newId();
    await db.insert(t.organizations).values({
      id: other,
      login: `other-${other}`,
      name: 'Other',
      adminEmail: 'a@other.test',
      tariff: 'Basic',
    });
    const team = newId();
    await db.insert(t.teams).values({ id: team, orgId: other, name: 'Theirs', description: 'x' });
    const channel = newId();
    await db
      .insert(t.channels)
      .values({ id: channel, orgId: other, name: 'Theirs', type: 'site_chat', teamId: team });
    await db
      .insert(t.routingRules)
      .values(defaultRuleRow({ id: channel, orgId: other, teamId: team }, newId()));
    const written = await customerWrites(server, other, channel, 'their-visitor', 'Hi');
    expect(written.ok).toBe(true);
    return other;
  }

  const expectNamedError = (error: unknown, context: string) => {
    expect(error, context).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    expect(ERROR_NAMES, context).toContain((error as { name: string }).name);
  };

  // Found by the property below: the schema bounded it from below only.
  it('a routing rule priority beyond an integer column is refused by name, not a 500', async () => {
    const [result] = await sendCommands(suite.server, prober, [
      command('routingRule.save', {
        id: newId(),
        channelId: suite.ids.channel.id,
        name: 'Late night',
        isDefault: false,
        priority: 2 ** 31,
        conditions: {
          chatStatus: 'any',
          messageType: 'any',
          mailingType: null,
          includeIntents: [],
          excludeIntents: [],
        },
        action: { kind: 'personal_manager' },
      }),
    ]);
    expect(result).toMatchObject({
      ok: false,
      error: { name: 'VALIDATION_FAILED', params: { field: 'priority' } },
    });
  });

  it.each(COMMAND_TYPES)(
    '%s: every field given every hostile kind is taken or refused by name, and a refusal writes nothing',
    async (type: CommandType) => {
      const schema = COMMAND_PAYLOADS[type] as v.GenericSchema;
      const staff = STAFF_COMMAND_TYPES.includes(type);
      const check = (label: string) => async (payload: unknown) => {
        const envelope = { id: newId(), type, payload };
        const wire = jsonText({ commands: [envelope] });
        const context = `${type} ${label}: ${wire.slice(0, 600)}`;
        const before = await countsBefore();
        let result: CommandResult | undefined;
        if (staff) {
          const response = await fetch(`${suite.server.baseUrl}/api/commands`, {
            method: 'POST',
            headers: { authorization: `Bearer ${prober}`, 'content-type': 'application/json' },
            body: wire,
          });
          const body = (await response.json()) as { results?: CommandResult[]; error?: unknown };
          expect(response.status, context).toBeLessThan(500);
          if (response.status === 200) result = body.results?.[0];
          else expectNamedError(body.error, context); // a body over the limit, for one
        } else {
          // Adapter-only commands come from a channel, not over HTTP with a staff token.
          const [parsed] = (JSON.parse(wire) as { commands: (typeof envelope)[] }).commands;
          result = await suite.server.context.execute(
            { orgId, actor: { kind: 'channel', id: suite.ids.channel.id }, viewer: null },
            parsed ?? envelope,
          );
        }
        const after = await countsAfter();
        if (result?.ok) return;
        if (result) expectNamedError(result.error, context);
        expect(after, `nothing written: ${context}`).toEqual(before);
      };
      const cases = hostileCases(schema, pools);
      for (const [index, { label, arbitrary }] of cases.entries())
        await fc.assert(fc.asyncProperty(arbitrary, check(label)), {
          numRuns: CASE_RUNS,
          seed: SEED + index,
        });
      await fc.assert(fc.asyncProperty(valueFor(schema, '', pools), check('mixed')), {
        numRuns: MIXED_RUNS,
        seed: SEED,
      });
    },
    120_000,
  );

  it('every registered route answers hostile requests by name, never a 5xx, writing nothing for a refusal', async () => {
    const routes = registeredRoutes(suite.server.app.printRoutes({ commonPrefix: false }));
    // The tree's format is Fastify's: if it changes, fail here rather than test nothing.
    expect(routes).toContainEqual({ url: '/api/commands', methods: ['POST'] });
    expect(routes.length).toBeGreaterThan(15);

    const exported = (Object.entries(protocol) as [string, unknown][]).filter(
      (entry): entry is [string, v.GenericSchema] =>
        typeof entry[1] === 'object' && entry[1] !== null && 'kind' in entry[1],
    );
    const schemasNamed = (suffix: string) =>
      exported.filter(([name]) => name.endsWith(suffix)).map(([, schema]) => schema);
    const bodies = unionBody([...schemasNamed('Body'), ...schemasNamed('Payload')], pools);
    const queries = unionBody(schemasNamed('Query'), pools);

    const pathValue = fc.oneof(
      { arbitrary: valueFor(protocol.IdSchema, 'id', pools).map(String), weight: 4 },
      { arbitrary: hostileText.map(encode), weight: 2 },
      { arbitrary: fc.constantFrom('%00', '%ZZ', '..', '%2F', '%ED%A0%80', '%C2%85'), weight: 1 },
      { arbitrary: fc.constantFrom(101, 150, 3000).map((n) => 'a'.repeat(n)), weight: 1 },
    );
    const queryText = fc.oneof(
      queries.map((query) =>
        Object.entries(query)
          .flatMap(([key, value]) => {
            const text = typeof value === 'string' ? value : JSON.stringify(value);
            const pair = `${encode(key)}=${encode(text)}`;
            return Array.isArray(value) ? [pair, pair] : [pair]; // a repeated key is an array
          })
          .join('&'),
      ),
      fc.constantFrom('', 'after=99999999999999999999999', 'after=-1&limit=0', 'name=%00', '%%'),
    );
    const body = fc.oneof(
      { arbitrary: bodies.map(jsonText), weight: 5 },
      {
        arbitrary: fc.constantFrom(
          '',
          '{',
          '[]',
          'null',
          '"text"',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
          `[${'['.repeat(5000)}${']'.repeat(5000)}]`,
          `{"text":"${INFINITY_MARK}"}`,
        ),
        weight: 1,
      },
    );
    const authorization = fc.constantFrom(
      () => `Bearer ${prober}`,
      () => `Bearer ${suite.operator}`,
      () => `Visitor ${visitor}`,
      () => 'Bearer not-a-token',
      () => `Visitor ${'v'.repeat(3000)}`,
      () => '',
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'image/png',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    );
    const fileName = fc.oneof(
      fc.constant('notes.txt'),
      hostileText.map(encode),
      hostileText.map(headerSafe),
      fc.constant('%ED%A0%80.txt'),
    );
    // The last is over Node's 16 KiB of headers: answered before there is a request at all.
    const language = fc.constantFrom(
      '',
      'ru',
      'en-US,en;q=0.9',
      '*',
      'x'.repeat(3000),
      'x'.repeat(20_000),
    );

    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      const request = fc.record({
        method: fc.oneof(
          { arbitrary: fc.constantFrom(...route.methods), weight: 6 },
          { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), weight: 1 },
        ),
        params: fc.tuple(...params.map(() => pathValue)),
        query: fc.option(queryText, { nil: undefined }),
        auth: authorization,
        body,
        contentType,
        fileName,
        language,
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let path = route.url;
          params.forEach((param, index) => {
            path = path.replace(`:${param}`, r.params[index] ?? '');
          });
          if (r.query !== undefined) path += `?${r.query}`;
          const headers: Record<string, string> = {};
          const auth = r.auth();
          if (auth) headers.authorization = auth;
          if (r.language) headers['accept-language'] = r.language;
          if (r.contentType) headers['content-type'] = r.contentType;
          headers['x-file-name'] = r.fileName;
          const sent: Sent = { method: r.method, path, headers };
          if (r.method !== 'GET') sent.body = r.body;
          const context = describeSent(sent);
          const before = await countsBefore();
          const response = await fetch(`${suite.server.baseUrl}${path}`, {
            method: r.method,
            headers,
            body: sent.body ?? null,
            redirect: 'manual',
          });
          const text = await response.text();
          const after = await countsAfter();
          expect(response.status, `${context} -> ${text.slice(0, 300)}`).toBeLessThan(500);
          if (response.status < 400) {
            const results = (safeJson(text) as { results?: CommandResult[] } | null)?.results;
            if (!results?.every((result) => !result.ok)) return; // taken: it may write
          } else if (path.startsWith('/api')) {
            const answer = safeJson(text) as { code?: unknown; error?: unknown } | null;
            expect(answer?.code, `${context} -> ${text.slice(0, 300)}`).toBe('error');
            expectNamedError(answer?.error, context);
          }
          expect(after, `nothing written: ${context}`).toEqual(before);
        }),
        { numRuns: ROUTE_RUNS, seed: SEED },
      );
    }
  }, 240_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
