import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  AuthorizationChoiceSchema,
  ChannelAuthorizationStartSchema,
  IdSchema,
  type AuthorizationFailure,
  type ChannelAuthorizationStarted,
  type ChannelAuthorizationView,
} from '../../../src/protocol';
import { channelAuthorizations, channels } from '../../db/schema';
import { fail } from '../../domain/core/domain-error';
import { parseOrFail } from '../../domain/core/parse';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { ServerContext } from '../../http/context';
import { authOf, requireAuth } from '../../http/require-auth';
import { newId } from '../../../src/protocol';
import { adapterOf, type ChannelAdapters } from '../registry';

/** How long a sign-in may take, and how long its credentials wait for the wizard's save. */
export const AUTHORIZATION_TTL_MS = 30 * 60_000;
const CALLBACK_PATH = '/api/channel-authorizations/callback';

const hashOf = (state: string): string => createHash('sha256').update(state).digest('hex');

const AuthorizationParams = v.object({ id: IdSchema });
const CallbackQuery = v.object({
  state: v.optional(v.pipe(v.string(), v.maxLength(200))),
  code: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export type AuthorizationDeps = {
  database: Database;
  clock: Clock;
  adapters: ChannelAdapters;
  /** PUBLIC_URL: where the provider sends the administrator back; else the address they used. */
  publicUrl: string | null;
};

/** Our callback's address, which the provider's app must list as a valid redirect URI. */
function redirectUriOf(deps: AuthorizationDeps, request: FastifyRequest): string {
  const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin.replace(/\/$/, '')}${CALLBACK_PATH}`;
}

/**
 * The choice a second sign-in is for, checked against the first: the same person, organization,
 * type and channel, completed with choices, not expired, and the choice among them.
 */
async function pickedChoice(
  db: Database['db'],
  input: {
    from?: string | undefined;
    choice?: string | undefined;
    type: string;
    channelId: string;
    orgId: string;
    userId: string;
    now: Date;
  },
): Promise<string> {
  if (input.from === undefined || input.choice === undefined)
    fail('SERVICE_ACCOUNT_INVALID_FIELDS', { field: 'choice' });
  const [first] = await db
    .select()
    .from(channelAuthorizations)
    .where(
      and(
        eq(channelAuthorizations.id, input.from),
        eq(channelAuthorizations.orgId, input.orgId),
        eq(channelAuthorizations.userId, input.userId),
        eq(channelAuthorizations.type, input.type),
        eq(channelAuthorizations.channelId, input.channelId),
        gt(channelAuthorizations.expiresAt, input.now),
      ),
    );
  const choices = v.safeParse(v.array(AuthorizationChoiceSchema), first?.settings?.choices);
  if (!first?.completedAt || !choices.success || !choices.output.some((c) => c.id === input.choice))
    fail('SERVICE_ACCOUNT_INVALID_FIELDS', { field: 'choice' });
  return input.choice;
}

/** The wizard's page with what came of the sign-in in its query. */
const backTo = (
  returnTo: string,
  outcome: { authorization: string } | { error: AuthorizationFailure },
) =>
  'authorization' in outcome
    ? `${returnTo}?authorization=${outcome.authorization}`
    : `${returnTo}?authorizationError=${outcome.error}`;

/**
 * A channel connected by signing in at its provider (docs/channels.md "Authorised channels"):
 *
 * - `POST /api/channel-authorizations` (an administrator with the service-account right): a
 *   sign-in for a new channel or one to authorise again; answers the provider's page to go to,
 *   with a random `state` whose hash is stored;
 * - `GET /api/channel-authorizations/callback`: the provider sends the administrator back here
 *   with the code (or a refusal) and the state; the code is traded for the credentials, which are
 *   kept server-side, and the browser goes back to the wizard's page naming the sign-in;
 * - `GET /api/channel-authorizations/:id`: the account signed in with, for the wizard to show
 *   before the save. The token itself never reaches a browser.
 */
export const authorizationRoutes =
  (context: ServerContext, deps: AuthorizationDeps) => async (app: FastifyInstance) => {
    const { db } = deps.database;

    app.post('/channel-authorizations', { preHandler: requireAuth(context) }, async (request) => {
      const input = parseOrFail(ChannelAuthorizationStartSchema, request.body);
      const { viewer } = authOf(request);
      if (!viewer.rights.has('AUTHORITY_SERVICE_ACCOUNT')) fail('ACCESS_DENIED');
      const authorizer = adapterOf(deps.adapters, input.type)?.authorization;
      if (!authorizer?.configured) {
        request.log.warn(
          { type: input.type },
          'a channel sign-in was asked for, but the installation has no app for it (INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET, VK_APP_ID and VK_APP_SECRET)',
        );
        fail('CHANNEL_SERVICE_NOT_FOUND');
      }
      // Another organization's channel of that id cannot be authorised from here.
      const [other] = await db
        .select({ orgId: channels.orgId, type: channels.type })
        .from(channels)
        .where(eq(channels.id, input.channelId));
      if (other && (other.orgId !== viewer.orgId || other.type !== input.type))
        fail('CHANNEL_NOT_FOUND');
      const now = deps.clock.now();
      // A second sign-in (VK's community) only for a choice the same person's first one gave.
      const choice =
        input.from === undefined && input.choice === undefined
          ? null
          : await pickedChoice(db, { ...input, orgId: viewer.orgId, userId: viewer.id, now });
      // Sign-ins nobody finished are of no use to anyone: cleared as new ones start.
      await db.delete(channelAuthorizations).where(lt(channelAuthorizations.expiresAt, now));
      const state = randomBytes(32).toString('base64url');
      const redirectUri = redirectUriOf(deps, request);
      const id = newId();
      await db.insert(channelAuthorizations).values({
        id,
        orgId: viewer.orgId,
        userId: viewer.id,
        channelId: input.channelId,
        type: input.type,
        stateHash: hashOf(state),
        redirectUri,
        returnTo: input.returnTo,
        choice,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
      });
      const entity: ChannelAuthorizationStarted = {
        authorizationId: id,
        authorizeUrl: authorizer.authorizeUrl({
          state,
          redirectUri,
          ...(choice !== null ? { choice } : {}),
        }),
      };
      return { code: 'ok' as const, entity };
    });

    app.get('/channel-authorizations/callback', async (request, reply) => {
      const query = v.safeParse(CallbackQuery, request.query);
      const state = query.success ? query.output.state : undefined;
      const now = deps.clock.now();
      const [row] = state
        ? await db
            .select()
            .from(channelAuthorizations)
            .where(
              and(
                eq(channelAuthorizations.stateHash, hashOf(state)),
                isNull(channelAuthorizations.completedAt),
                gt(channelAuthorizations.expiresAt, now),
              ),
            )
        : [];
      // A state we never gave, used already or too old: back to the channels, to start again.
      if (!row || !query.success)
        return reply.redirect('/admin/preferences/channels?authorizationError=expired', 303);
      const finish = async (
        values: Partial<typeof channelAuthorizations.$inferInsert>,
        outcome: { authorization: string } | { error: AuthorizationFailure },
      ) => {
        // Completed once: a second visit of the same link finds nothing to complete.
        const [done] = await db
          .update(channelAuthorizations)
          .set({ completedAt: now, ...values })
          .where(
            and(eq(channelAuthorizations.id, row.id), isNull(channelAuthorizations.completedAt)),
          )
          .returning({ id: channelAuthorizations.id });
        return reply.redirect(
          done ? backTo(row.returnTo, outcome) : backTo(row.returnTo, { error: 'expired' }),
          303,
        );
      };
      const { code, error } = query.output;
      const authorizer = adapterOf(deps.adapters, row.type)?.authorization;
      if (error !== undefined || code === undefined || !authorizer)
        return finish({ error: error ?? 'no code' }, { error: 'denied' });
      try {
        const granted = await authorizer.exchange(
          {
            code,
            redirectUri: row.redirectUri,
            now,
            ...(row.choice !== null ? { choice: row.choice } : {}),
          },
          AbortSignal.timeout(15_000),
        );
        // A first sign-in keeps only what it may connect: no secret, so no save can name it.
        if ('choices' in granted)
          return await finish(
            { settings: { choices: granted.choices } },
            { authorization: row.id },
          );
        return await finish(
          { secrets: granted.secrets, settings: granted.settings },
          { authorization: row.id },
        );
      } catch (failure) {
        // The provider's words go to the log, never to the address bar.
        request.log.warn({ type: row.type, failure: String(failure) }, 'a channel sign-in failed');
        return finish({ error: 'exchange failed' }, { error: 'failed' });
      }
    });

    app.get(
      '/channel-authorizations/:id',
      { preHandler: requireAuth(context) },
      async (request) => {
        const { id } = parseOrFail(AuthorizationParams, request.params);
        const { viewer } = authOf(request);
        if (!viewer.rights.has('AUTHORITY_SERVICE_ACCOUNT')) fail('ACCESS_DENIED');
        const [row] = await db
          .select()
          .from(channelAuthorizations)
          .where(
            and(
              eq(channelAuthorizations.id, id),
              eq(channelAuthorizations.orgId, viewer.orgId),
              gt(channelAuthorizations.expiresAt, deps.clock.now()),
            ),
          );
        if (!row?.completedAt || row.error !== null)
          fail('SERVICE_ACCOUNT_INVALID_TOKEN', { field: 'grant' });
        const username = row.settings?.username;
        const name = row.settings?.accountName;
        const choices = v.safeParse(v.array(AuthorizationChoiceSchema), row.settings?.choices);
        const entity: ChannelAuthorizationView = {
          id: row.id,
          type: row.type as ChannelAuthorizationView['type'],
          channelId: row.channelId,
          account:
            typeof username === 'string' || typeof name === 'string'
              ? {
                  username: typeof username === 'string' ? username : null,
                  name: typeof name === 'string' ? name : null,
                }
              : null,
          choices: row.secrets === null && choices.success ? choices.output : null,
          expiresAt: row.expiresAt.toISOString(),
        };
        return { code: 'ok' as const, entity };
      },
    );
  };
