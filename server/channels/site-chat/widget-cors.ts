import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { allowedOriginsOf, IdSchema, normalizeOrigin } from '../../../src/protocol';
import type { Db } from '../../db/database';
import { channels } from '../../db/schema';
import { fail } from '../../domain/core/domain-error';
import { originVerdict } from './origin-policy';

/** What the widget sends: JSON bodies, its visitor token, and a file's name on an upload. */
const ALLOWED_METHODS = 'GET, POST, PUT';
const ALLOWED_HEADERS = 'authorization, content-type, x-file-name';

/** Two hours, the most Chromium keeps a preflight; a removed origin stops within that time. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * The site-chat channel a widget call belongs to, as far as the request tells before its body is
 * read: from the path (`/widget/:channelId/…`), the visitor token, or a rating link. Undefined when
 * it does not tell (a preflight carries no token) or names nothing that exists.
 */
export type ChannelOfRequest = (request: FastifyRequest) => Promise<string | undefined>;

/** A site-chat channel's allowed origins; none for an unknown channel or another type. */
async function channelOrigins(db: Db, channelId: string): Promise<string[]> {
  const [row] = await db
    .select({ settings: channels.settings })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.type, 'site_chat')));
  return row ? allowedOriginsOf(row.settings) : [];
}

/** Whether any site-chat channel lists the origin (stored lists are normalised on write). */
async function listedBySomeChannel(db: Db, origin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.type, 'site_chat'),
        sql`${channels.settings} -> 'allowedOrigins' @> ${JSON.stringify([origin])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the channel (or, when the request does not tell it, some site-chat channel) lists the origin. */
async function listed(db: Db, origin: string, channelId: string | undefined): Promise<boolean> {
  if (channelId === undefined) return listedBySomeChannel(db, origin);
  return originVerdict(origin, undefined, await channelOrigins(db, channelId)) === 'allowed';
}

/**
 * Checks the Origin of a widget call and answers CORS for it. A call whose channel is known is
 * checked against that channel's list; one whose channel the request cannot tell yet (a preflight,
 * the live socket's upgrade before its token, an unknown token) against every site-chat channel's,
 * and the call that follows, which carries the token, is checked against its own channel. Refused:
 * `WIDGET_ORIGIN_NOT_ALLOWED` (403) before the body is read, so nothing is stored, and without
 * `Access-Control-Allow-Origin`, so the page reads nothing. Answers whether the call is a
 * cross-origin one (it carries an Origin).
 */
async function checkOrigin(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  channelOf: ChannelOfRequest,
): Promise<boolean> {
  // Answers differ by Origin, so a cache between us and the browser must keep them apart.
  void reply.header('vary', 'Origin');
  const origin = request.headers.origin;
  const verdict = originVerdict(origin, request.host, []);
  if (origin === undefined || verdict === 'none') return false;
  if (verdict === 'refused') {
    const normal = normalizeOrigin(origin);
    if (normal === null || !(await listed(db, normal, await channelOf(request))))
      fail('WIDGET_ORIGIN_NOT_ALLOWED');
  }
  // The Origin exactly as the browser sent it: it compares the header byte for byte.
  void reply.header('access-control-allow-origin', origin);
  return true;
}

/** An onRequest hook for a widget route: the Origin check above, before the body is read. */
export const widgetOrigin =
  (db: Db, channelOf: ChannelOfRequest) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await checkOrigin(db, request, reply, channelOf);
  };

/**
 * Whether a live socket's page may follow a visitor of this channel: its upgrade passed for some
 * channel; once the token names the visitor, their channel decides.
 */
export async function originAllowedFor(
  db: Db,
  request: FastifyRequest,
  channelId: string,
): Promise<boolean> {
  const origin = request.headers.origin;
  const verdict = originVerdict(origin, request.host, await channelOrigins(db, channelId));
  return verdict !== 'refused';
}

/**
 * The CORS preflight (OPTIONS) of widget routes under `url`: 204 with the methods and headers the
 * widget uses, kept by the browser for two hours, or `WIDGET_ORIGIN_NOT_ALLOWED`. An OPTIONS
 * without an Origin is no preflight; it is told the methods, as HTTP has it.
 */
export function widgetPreflight(
  app: FastifyInstance,
  url: string,
  db: Db,
  channelOf: ChannelOfRequest,
  onRequest: (request: FastifyRequest) => Promise<void>,
): void {
  app.options(url, { onRequest }, async (request, reply) => {
    if (await checkOrigin(db, request, reply, channelOf)) {
      void reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    } else void reply.header('allow', `${ALLOWED_METHODS}, OPTIONS`);
    return reply.status(204).send();
  });
}

/** The channel a `/widget/:channelId/…` path names, when it is an id at all. */
export const channelOfPath: ChannelOfRequest = (request) => {
  const { channelId } = request.params as { channelId?: unknown };
  return Promise.resolve(v.is(IdSchema, channelId) ? channelId : undefined);
};

/** For what names its channel only by its token, which a preflight or an upgrade does not carry. */
export const noChannel: ChannelOfRequest = () => Promise.resolve(undefined);
