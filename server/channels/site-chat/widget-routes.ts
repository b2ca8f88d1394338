import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import * as v from 'valibot';
import type { Viewer } from '../../auth/viewer';
import { cursorServable } from '../../sync/cursor-check';
import {
  IdSchema,
  LIVE_CLOSE,
  VisitorMessageBody,
  newId,
  shownChannelIdsOf,
  widgetShownChannels,
  type VisitorItem,
  type WidgetConfig,
} from '../../../src/protocol';
import { channels, chats, messages, ratingLinks, widgetVisitors } from '../../db/schema';
import { digestToken, newSecretToken } from '../../auth/tokens';
import { DomainError, fail } from '../../domain/core/domain-error';
import { inputOk, parseOrFail } from '../../domain/core/parse';
import { readEvents } from '../../sync/event-log';
import { customerGroup } from '../../sync/groups';
import { messageRow } from '../../sync/wire-rows';
import type { ServerContext } from '../../http/context';
import type { RateLimit } from '../../limits/rate-limiter';
import { onTokenMessage } from '../../http/live-token';
import { limitedPerAddress } from '../../http/rate-limited';
import { projectForVisitor, visitorMessage } from './visitor-feed';
import {
  visitorByToken,
  visitorChannelOf,
  visitorClientId,
  visitorOf as authenticateVisitor,
  WIDGET_RATE_LIMIT,
} from './visitor-auth';
import {
  channelOfPath,
  noChannel,
  originAllowedFor,
  widgetOrigin,
  widgetPreflight,
} from './widget-cors';

const ChannelParams = v.object({ channelId: IdSchema });
const FeedQuery = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '0'),
});

/** A visitor as the live hub sees an audience: one group (their own) and no staff rights. */
const visitorAudience = (orgId: string, visitorId: string, group: string): Viewer => ({
  id: visitorId,
  orgId,
  orgName: '',
  name: '',
  email: '',
  language: 'en',
  roleId: '',
  roleName: '',
  rights: new Set(),
  teamIds: [],
  options: [],
  groups: [group],
  active: true,
  orgActive: true,
});

/** Until a visitor gives a name, operators see a readable, stable one. */
const visitorName = (visitorId: string): string =>
  `Website visitor ${visitorId.slice(-4).toUpperCase()}`;

/** New visitors per address a minute: each is a row, so far fewer than the widget's other calls. */
const VISITOR_CREATION_LIMIT: RateLimit = { name: 'widget-visitors', max: 20, windowMs: 60_000 };

/** Events scanned per feed answer. */
const FEED_PAGE = 500;

/**
 * The site-chat widget's public API (spec §3 site_chat). A visitor gets a token of their own;
 * their messages enter through the same command path as every channel (`message.receive`), and
 * their feed is the event log seen through the customer projection.
 */
export const widgetRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  const { db } = context.database;
  const perAddress = limitedPerAddress(context.limiter, WIDGET_RATE_LIMIT);
  // Every call is limited first, then its page's origin is checked (widget-cors.ts), both before
  // the body is read: a refused call stores nothing.
  const byPath = { onRequest: [perAddress, widgetOrigin(db, channelOfPath)] };
  const byToken = { onRequest: [perAddress, widgetOrigin(db, visitorChannelOf(db))] };
  // A preflight names no channel (it carries no token): the methods and headers for any page a
  // site-chat channel allows; the call that follows is checked against its own channel.
  for (const url of ['/widget/:channelId/config', '/widget/:channelId/visitors'])
    widgetPreflight(app, url, db, channelOfPath, perAddress);
  for (const url of ['/widget/messages', '/widget/feed'])
    widgetPreflight(app, url, db, noChannel, perAddress);

  const siteChannel = async (channelId: string) => {
    const [channel] = await db.select().from(channels).where(eq(channels.id, channelId));
    if (channel?.type !== 'site_chat') fail('CHANNEL_NOT_FOUND');
    return channel;
  };

  const visitorOf = (request: FastifyRequest) => authenticateVisitor(db, request);

  /**
   * The channels a site chat offers, as they are now: read on every config call rather than
   * copied into the site chat's settings, so switching a bot off takes it out of the widget.
   * Only the columns the link rule needs are read: no secret is ever near the answer.
   */
  const shownChannels = async (site: typeof channels.$inferSelect) => {
    const ids = shownChannelIdsOf(site.settings);
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        id: channels.id,
        type: channels.type,
        name: channels.name,
        active: channels.active,
        settings: channels.settings,
      })
      .from(channels)
      .where(and(eq(channels.orgId, site.orgId), inArray(channels.id, ids)));
    return widgetShownChannels(ids, rows);
  };

  app.get('/widget/:channelId/config', byPath, async (request) => {
    const { channelId } = parseOrFail(ChannelParams, request.params);
    const channel = await siteChannel(channelId);
    const settings = channel.settings;
    const text = (key: string) => (typeof settings[key] === 'string' ? settings[key] : '');
    const config: WidgetConfig = {
      channelId: channel.id,
      active: channel.active,
      title: text('title') || channel.name,
      subtitle: text('subtitle'),
      welcomeMessage: text('welcomeMessage'),
      logoUrl: text('logoUrl') || null,
      shownChannels: await shownChannels(channel),
      initialState: settings.initialState === 'open' ? 'open' : 'closed',
    };
    return { code: 'ok' as const, entity: config };
  });

  app.post(
    '/widget/:channelId/visitors',
    {
      onRequest: [
        limitedPerAddress(context.limiter, VISITOR_CREATION_LIMIT),
        widgetOrigin(db, channelOfPath),
      ],
    },
    async (request) => {
      const { channelId } = parseOrFail(ChannelParams, request.params);
      const channel = await siteChannel(channelId);
      const token = newSecretToken();
      const visitorId = newId();
      await db.insert(widgetVisitors).values({
        id: visitorId,
        orgId: channel.orgId,
        channelId: channel.id,
        tokenHash: digestToken(token),
      });
      return { code: 'ok' as const, entity: { visitorId, token } };
    },
  );

  // The message id doubles as the command id: a widget retrying after a lost answer is answered
  // from the stored result, and the message is never written twice. The ids are the visitor's
  // own: another visitor's or a staff member's id is refused, never answered with their result.
  app.post('/widget/messages', byToken, async (request) => {
    const visitor = await visitorOf(request);
    const body = parseOrFail(VisitorMessageBody, request.body);
    const result = await context.execute(
      {
        orgId: visitor.orgId,
        actor: { kind: 'channel', id: visitor.channelId },
        viewer: null,
        sender: `visitor:${visitor.id}`,
      },
      {
        id: body.id,
        type: 'message.receive',
        payload: {
          channelId: visitor.channelId,
          messageId: body.id,
          client: { externalId: visitor.id, name: body.name ?? visitorName(visitor.id) },
          text: body.text,
          // Files the visitor uploaded first (PUT /api/widget/files/:id); message.receive takes
          // only their own.
          attachments: body.attachments,
        },
      },
    );
    if (!result.ok) throw new DomainError(result.error.name, result.error.params);
    return { code: 'ok' as const, entity: { id: body.id, seq: result.seq } };
  });

  app.get('/widget/feed', byToken, async (request) => {
    const visitor = await visitorOf(request);
    const { after } = parseOrFail(FeedQuery, request.query);
    // The head is read before the conversation, so a first message racing this call is not skipped.
    const { ok, head } = await cursorServable(db, visitor.orgId, after);
    const clientId = await visitorClientId(db, visitor);
    if (!clientId)
      return {
        code: 'ok' as const,
        entity: { items: [] as VisitorItem[], cursor: head, hasMore: false },
      };
    if (after === 0 || !ok) {
      return {
        code: 'ok' as const,
        entity: {
          items: await wholeThread(clientId, visitor.channelId),
          cursor: head,
          hasMore: false,
          reset: after !== 0,
        },
      };
    }
    const group = customerGroup(clientId);
    const page = await readEvents(db, {
      orgId: visitor.orgId,
      after,
      upTo: head,
      limit: FEED_PAGE + 1,
      groups: [group],
    });
    const hasMore = page.length > FEED_PAGE;
    const served = page.slice(0, FEED_PAGE);
    return {
      code: 'ok' as const,
      entity: {
        items: served.flatMap((event) => projectForVisitor(event, group)),
        cursor: hasMore ? (served[served.length - 1]?.seq ?? head) : head,
        hasMore,
      },
    };
  });

  // The visitor's live socket: the token comes as the first message; items are pushed as they
  // happen, each batch naming the cursor it follows so the widget can catch up over /feed. The
  // upgrade is refused (403) for a page no site-chat channel allows; once the token names the
  // visitor, a page their channel does not allow is closed with LIVE_CLOSE.originNotAllowed.
  const upgradeOrigin = widgetOrigin(db, noChannel);
  app.get(
    '/widget/live',
    { websocket: true, onRequest: upgradeOrigin },
    (socket: WebSocket, request) => {
      const query = inputOk(FeedQuery, request.query);
      if (!query) {
        socket.close(1008, 'bad query');
        return;
      }
      onTokenMessage(socket, (token) => {
        const start = async () => {
          const visitor = token === undefined ? undefined : await visitorByToken(db, token);
          if (!visitor) {
            socket.close(LIVE_CLOSE.unauthorized, 'unauthorized');
            return;
          }
          if (!(await originAllowedFor(db, request, visitor.channelId))) {
            socket.close(LIVE_CLOSE.originNotAllowed, 'origin not allowed');
            return;
          }
          const clientId = await visitorClientId(db, visitor);
          if (!clientId) {
            socket.close(LIVE_CLOSE.noConversation, 'no conversation yet');
            return;
          }
          const { ok } = await cursorServable(db, visitor.orgId, query.after);
          if (!ok) {
            socket.send(JSON.stringify({ kind: 'reset', reset: true }));
            socket.close(LIVE_CLOSE.reset, 'reset');
            return;
          }
          const group = customerGroup(clientId);
          await context.hub.connect(
            socket,
            visitorAudience(visitor.orgId, visitor.id, group),
            `visitor:${visitor.id}`,
            query.after,
            (event) => projectForVisitor(event, group),
          );
        };
        start().catch((error: unknown) => {
          request.log.error(error);
          socket.close(1011, 'internal error');
        });
      });
    },
  );

  /** The customer's whole conversation in this channel, from the state tables (first load, or after a reset). */
  async function wholeThread(clientId: string, channelId: string): Promise<VisitorItem[]> {
    const own = await db
      .select()
      .from(chats)
      .where(and(eq(chats.clientId, clientId), eq(chats.channelId, channelId)))
      .orderBy(asc(chats.createdAt));
    if (own.length === 0) return [];
    const ids = own.map((chat) => chat.id);
    const thread = await db
      .select()
      .from(messages)
      .where(and(inArray(messages.chatId, ids), eq(messages.internal, false)))
      .orderBy(asc(messages.createdAt));
    const links = await db.select().from(ratingLinks).where(inArray(ratingLinks.chatId, ids));
    const items: VisitorItem[] = thread.map((row) => ({
      seq: 0,
      kind: 'message',
      message: visitorMessage(messageRow(row)),
    }));
    for (const chat of own) {
      if (chat.status === 'closed')
        items.push({
          seq: 0,
          kind: 'closed',
          chatId: chat.id,
          ratingLinkId: links.find((l) => l.chatId === chat.id && !l.usedAt)?.id ?? null,
        });
      if (chat.rating !== null)
        items.push({ seq: 0, kind: 'rated', chatId: chat.id, rating: chat.rating });
    }
    return items;
  }
};
