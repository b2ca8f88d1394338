import { asc, eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { call, type Suite } from './harness';
import { commandChecks } from './command-checks';

/** What the clients area's commands write: a refusal must leave all of it as it was. */
export async function clientsState(suite: Suite) {
  const { db } = suite.server.database;
  return {
    clients: await db.select().from(t.clients).orderBy(asc(t.clients.id)),
    contacts: await db.select().from(t.clientContacts).orderBy(asc(t.clientContacts.id)),
    comments: await db.select().from(t.clientComments).orderBy(asc(t.clientComments.id)),
    merges: await db.select().from(t.clientMerges).orderBy(asc(t.clientMerges.id)),
    statuses: await db.select().from(t.clientStatuses).orderBy(asc(t.clientStatuses.id)),
    companies: await db.select().from(t.companies).orderBy(asc(t.companies.id)),
    blacklist: await db.select().from(t.blacklist).orderBy(asc(t.blacklist.id)),
    chats: await db.select().from(t.chats).orderBy(asc(t.chats.id)),
    history: await db.select().from(t.chatHistory).orderBy(asc(t.chatHistory.id)),
  };
}

export const { run, refusal, expectOk } = commandChecks(clientsState);

/** The rows of one synced table a staff member's bootstrap carries, by id. */
export async function synced(
  suite: Suite,
  token: string,
  table: string,
): Promise<Map<string, Record<string, unknown>>> {
  const answer = await call(suite.server, 'GET', '/api/sync/bootstrap', { token });
  const rows = new Map<string, Record<string, unknown>>();
  for (const line of String(answer.body).split('\n')) {
    if (!line) continue;
    const parsed = JSON.parse(line) as { table?: string; rows?: Record<string, unknown>[] };
    if (parsed.table === table) for (const row of parsed.rows ?? []) rows.set(String(row.id), row);
  }
  return rows;
}

export async function clientById(suite: Suite, id: string) {
  const [row] = await suite.server.database.db.select().from(t.clients).where(eq(t.clients.id, id));
  return row;
}

export async function contactsOf(suite: Suite, clientId: string) {
  return suite.server.database.db
    .select()
    .from(t.clientContacts)
    .where(eq(t.clientContacts.clientId, clientId))
    .orderBy(asc(t.clientContacts.createdAt), asc(t.clientContacts.id));
}

/** The events one command logged. */
export async function eventsOf(suite: Suite, commandId: string) {
  return suite.server.database.db.select().from(t.events).where(eq(t.events.commandId, commandId));
}

/** A fresh client created by a staff member, with its id. */
export async function newClient(
  suite: Suite,
  token: string,
  over: { name?: string; phone?: string | null; email?: string | null } = {},
): Promise<string> {
  const clientId = newId();
  const result = await run(suite, token, 'client.create', {
    clientId,
    name: over.name ?? `Client ${clientId.slice(-6)}`,
    phone: over.phone ?? null,
    email: over.email ?? null,
  });
  if (!result.ok) throw new Error(`client.create refused: ${JSON.stringify(result)}`);
  return clientId;
}

/** A phone number nobody in the tests used yet, as a person would type it (RU, no "+"). */
let phoneCounter = 1000000;
export const freshPhone = (): string => `8 912 ${String(phoneCounter++).padStart(7, '0')}`;
export const e164 = (typed: string): string => `+7${typed.replace(/\D/g, '').slice(1)}`;
