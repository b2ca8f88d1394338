import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { digestToken } from '../../auth/tokens';
import type { Db } from '../../db/database';
import { widgetVisitors } from '../../db/schema';
import { fail } from '../../domain/domain-error';

/** Per address, for every widget call a visitor makes while chatting. */
export const WIDGET_RATE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** The visitor whose token the request carries (`Authorization: Visitor <token>`), or UNAUTHORIZED. */
export async function visitorOf(db: Db, request: FastifyRequest) {
  const match = /^Visitor\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) fail('UNAUTHORIZED');
  const [visitor] = await db
    .select()
    .from(widgetVisitors)
    .where(eq(widgetVisitors.tokenHash, digestToken(match[1])));
  if (!visitor) fail('UNAUTHORIZED');
  return visitor;
}
