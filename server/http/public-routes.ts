import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { IdSchema, RatingBody, newId, type RatingLinkView } from '../../src/protocol';
import { chats, organizations, ratingLinks } from '../db/schema';
import { parseOrFail } from '../domain/core/parse';
import { DomainError, fail } from '../domain/core/domain-error';
import type { ServerContext } from './context';
import { limitedPerAddress } from './rate-limited';
import type { RateLimit } from '../limits/rate-limiter';
import { widgetOrigin, widgetPreflight } from '../channels/site-chat/widget-cors';

const LinkParams = v.object({ id: IdSchema });

/** Per address and route: a customer opens and rates a link a few times, never sixty. */
const RATING_RATE_LIMIT: RateLimit = { name: 'rating', max: 60, windowMs: 60_000 };

/**
 * What customers reach without an account: the rating page of a closed chat (spec §4, usable
 * once). Rated through the same command path as everything else, by the system on their behalf.
 */
export const publicRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  const { db } = context.database;
  const perAddress = limitedPerAddress(context.limiter, RATING_RATE_LIMIT);
  const limited = { onRequest: perAddress };

  // The site-chat widget rates from the company's page: the rating link's channel decides which
  // pages may (docs/site-chat-widget.md, "Embedding on a company's site").
  const channelOfLink = async (request: FastifyRequest) => {
    const params = v.safeParse(LinkParams, request.params);
    if (!params.success) return undefined;
    const [row] = await db
      .select({ channelId: chats.channelId })
      .from(ratingLinks)
      .innerJoin(chats, eq(chats.id, ratingLinks.chatId))
      .where(eq(ratingLinks.id, params.output.id));
    return row?.channelId;
  };
  const fromWidget = { onRequest: [perAddress, widgetOrigin(db, channelOfLink)] };
  widgetPreflight(app, '/public/rating/:id', db, channelOfLink, perAddress);

  const findLink = async (id: string) => {
    const [row] = await db
      .select({ link: ratingLinks, rating: chats.rating, organization: organizations.name })
      .from(ratingLinks)
      .innerJoin(chats, eq(chats.id, ratingLinks.chatId))
      .innerJoin(organizations, eq(organizations.id, ratingLinks.orgId))
      .where(eq(ratingLinks.id, id));
    if (!row) fail('QUALITY_ASSESSMENT_NOT_FOUND');
    return row;
  };

  app.get('/public/rating/:id', limited, async (request) => {
    const { id } = parseOrFail(LinkParams, request.params);
    const row = await findLink(id);
    const view: RatingLinkView = {
      used: row.link.usedAt !== null,
      rating: row.rating,
      organization: row.organization,
    };
    return { code: 'ok' as const, entity: view };
  });

  app.post('/public/rating/:id', fromWidget, async (request) => {
    const { id } = parseOrFail(LinkParams, request.params);
    const { rating } = parseOrFail(RatingBody, request.body);
    const row = await findLink(id);
    const result = await context.execute(
      { orgId: row.link.orgId, actor: { kind: 'system' }, viewer: null },
      { id: newId(), type: 'chat.rate', payload: { ratingLinkId: id, rating } },
    );
    if (!result.ok) throw new DomainError(result.error.name, result.error.params);
    return { code: 'ok' as const, entity: { rating } };
  });
};
