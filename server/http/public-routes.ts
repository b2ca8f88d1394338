import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  IdSchema,
  RatingBody,
  newId,
  type BotActionView,
  type RatingLinkView,
} from '../../src/protocol';
import { botActionLinks, chats, organizations, ratingLinks } from '../db/schema';
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
 * once), rated through the same command path as everything else, by the system on their behalf;
 * and a chat bot's pages (/bot-action/{id}: a link button's address, the message-limit page).
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

  // A POST, not the page's GET: link previews (a messenger fetching the address to show a card)
  // load the page, never this, so only the customer's own opening uses the link.
  app.post('/public/bot-action/:id', limited, async (request) => {
    const { id } = parseOrFail(LinkParams, request.params);
    const [used] = await db
      .update(botActionLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(botActionLinks.id, id), isNull(botActionLinks.usedAt)))
      .returning({ id: botActionLinks.id });
    const [row] = await db
      .select({ link: botActionLinks, organization: organizations.name })
      .from(botActionLinks)
      .innerJoin(organizations, eq(organizations.id, botActionLinks.orgId))
      .where(eq(botActionLinks.id, id));
    if (!row) fail('NOT_FOUND');
    const view: BotActionView =
      row.link.kind === 'limit'
        ? { kind: 'limit', organization: row.organization }
        : {
            kind: 'link',
            name: row.link.name,
            url: row.link.url,
            firstUse: used !== undefined,
            organization: row.organization,
          };
    return { code: 'ok' as const, entity: view };
  });
};
