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

/** The visitor whose token the request carries (`Authorization: Visitor <token>`), or UNAUTHORIZED. */
export async function visitorOf(db: Db, request: FastifyRequest): Promise<Visitor> {
  const match = /^Visitor\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) fail('UNAUTHORIZED');
  const visitor = await visitorByToken(db, match[1]);
  if (!visitor) fail('UNAUTHORIZED');
  return visitor;
}

/** The client the visitor became with their first message; undefined before it. */
export async function visitorClientId(db: Db, visitor: Visitor): Promise<string | undefined> {
  const [contact] = await db
    .select({ clientId: clientContacts.clientId })
    .from(clientContacts)
    .where(channelIdentity(visitor.channelId, visitor.id));
  return contact?.clientId;
}
