import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { digestToken } from '../../auth/tokens';
import type { Db } from '../../db/database';
import { clientContacts, widgetVisitors } from '../../db/schema';
import { channelIdentity } from '../../domain/clients/channel-identity';
import { fail } from '../../domain/core/domain-error';
import type { RateLimit } from '../../limits/rate-limiter';

/** Per address and route, for every widget call a visitor makes while chatting. */
export const WIDGET_RATE_LIMIT: RateLimit = { name: 'widget', max: 120, windowMs: 60_000 };

export type Visitor = typeof widgetVisitors.$inferSelect;

/** The visitor a widget token belongs to, or undefined for an unknown one. */
export async function visitorByToken(db: Db, token: string): Promise<Visitor | undefined> {
  const [visitor] = await db
    .select()
    .from(widgetVisitors)
    .where(eq(widgetVisitors.tokenHash, digestToken(token)));
  return visitor;
}

/** The visitor whose token the request carries (`Authorization: Visitor <token>`), if any. */
export async function requestVisitor(
  db: Db,
  request: FastifyRequest,
): Promise<Visitor | undefined> {
  const match = /^Visitor\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ? visitorByToken(db, match[1]) : undefined;
}

/** The visitor whose token the request carries, or UNAUTHORIZED. */
export async function visitorOf(db: Db, request: FastifyRequest): Promise<Visitor> {
  const visitor = await requestVisitor(db, request);
  if (!visitor) fail('UNAUTHORIZED');
  return visitor;
}

/** The channel of the visitor whose token the request carries: the widget calls' Origin check. */
export const visitorChannelOf =
  (db: Db) =>
  async (request: FastifyRequest): Promise<string | undefined> =>
    (await requestVisitor(db, request))?.channelId;

/** The client the visitor became with their first message; undefined before it. */
export async function visitorClientId(db: Db, visitor: Visitor): Promise<string | undefined> {
  const [contact] = await db
    .select({ clientId: clientContacts.clientId })
    .from(clientContacts)
    .where(channelIdentity(visitor.channelId, visitor.id));
  return contact?.clientId;
}
