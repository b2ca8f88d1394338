import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import * as v from 'valibot';
import { ChatIdParams, EventsQuery, LIVE_CLOSE, type EventsPage } from '../../src/protocol';
import { chats } from '../db/schema';
import { inputOk, parseOrFail } from '../domain/core/parse';
import { fail } from '../domain/core/domain-error';
import { canSeeChat } from '../domain/chats/chat-access';
import { bootstrapLines, chatThread } from '../sync/bootstrap';
import { readViewerPage } from '../sync/event-log';
import { cursorServable } from '../sync/cursor-check';
import type { Authenticated } from '../auth/auth-service';
import type { ServerContext } from './context';
import { onTokenMessage } from './live-token';
import { authOf, bearerToken, requireAuth } from './require-auth';

/** Ping interval; a socket that misses a pong is gone (a dead mobile network, a sleeping laptop). */
const HEARTBEAT_MS = 30_000;

const LiveQuery = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), '0'),
  token: v.optional(v.string()),
});

/** DESIGN §4 sync API: bootstrap, catch-up pages, on-demand threads and the live socket. */
export const syncRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  const { db } = context.database;

  app.get('/sync/bootstrap', { preHandler: requireAuth(context) }, async (request, reply) => {
    const { viewer } = authOf(request);
    const lines = bootstrapLines(db, viewer, context.clock.now());
    const body = Readable.from(
      (async function* () {
        for await (const line of lines) yield `${line}\n`;
      })(),
    );
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/sync/events', { preHandler: requireAuth(context) }, async (request, reply) => {
    const query = parseOrFail(EventsQuery, request.query);
    const { viewer } = authOf(request);
    const { ok, head } = await cursorServable(db, viewer.orgId, query.after);
    if (!ok) return { events: [], hasMore: false, cursor: head, reset: true } satisfies EventsPage;
    const page = await readViewerPage(db, {
      orgId: viewer.orgId,
      after: query.after,
      upTo: head,
      limit: query.limit + 1,
      groups: viewer.groups,
    });
    const hasMore = page.length > query.limit;
    const served = page.slice(0, query.limit);
    const events = served.flatMap((event) => (event.json === null ? [] : [event.json]));
    const cursor = hasMore ? (served[served.length - 1]?.seq ?? head) : head;
    // An EventsPage (src/protocol) whose events are the log's own JSON texts, joined as they are.
    return reply
      .type('application/json; charset=utf-8')
      .send(
        `{"events":[${events.join(',')}],"hasMore":${String(hasMore)},"cursor":${String(cursor)}}`,
      );
  });

  app.get('/sync/chat/:id/messages', { preHandler: requireAuth(context) }, async (request) => {
    const params = parseOrFail(ChatIdParams, request.params);
    const { viewer } = authOf(request);
    const [chat] = await db
      .select()
      .from(chats)
      .where(and(eq(chats.id, params.id), eq(chats.orgId, viewer.orgId)));
    if (!chat || !canSeeChat(viewer, chat)) fail('CHAT_NOT_FOUND');
    return { code: 'ok' as const, entity: await chatThread(db, chat) };
  });

  // How many live connections this user holds here: monitoring, and the one-per-profile check.
  app.get('/sync/live/connections', { preHandler: requireAuth(context) }, async (request) => {
    const { viewer } = authOf(request);
    return { code: 'ok' as const, entity: { connections: context.hub.connectionsOf(viewer.id) } };
  });

  app.get('/sync/live', { websocket: true }, (socket: WebSocket, request) => {
    const query = inputOk(LiveQuery, request.query);
    if (!query) {
      socket.close(1008, 'bad query');
      return;
    }
    const after = query.after;
    const start = async (token: string | undefined) => {
      const auth = await context.auth.authenticate(token);
      if (!auth) {
        socket.close(LIVE_CLOSE.unauthorized, 'unauthorized');
        return;
      }
      await goLive(auth);
    };
    const goLive = async (auth: Authenticated) => {
      const { ok } = await cursorServable(db, auth.viewer.orgId, after);
      if (!ok) {
        socket.send(JSON.stringify({ kind: 'reset', reset: true }));
        socket.close(LIVE_CLOSE.reset, 'reset');
        return;
      }
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      if (socket.readyState !== socket.OPEN) return; // closed while being checked
      // A staff member with a live connection is online: distribution may give them chats.
      const person = { id: auth.viewer.id, orgId: auth.viewer.orgId };
      void context.presence.opened(person);
      socket.on('close', () => {
        clearInterval(heartbeat);
        void context.presence.closed(person);
      });
      await context.hub.connect(socket, auth.viewer, auth.sessionId, after);
    };
    const fromQuery = query.token ?? bearerToken(request);
    const failed = (error: unknown) => {
      request.log.error(error);
      socket.close(1011, 'internal error');
    };
    if (fromQuery) {
      start(fromQuery).catch(failed);
      return;
    }
    onTokenMessage(socket, (token) => {
      start(token).catch(failed);
    });
  });
};
