import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountUpdateBody,
  CurrentUserQuery,
  LoginBody,
  LoginTotpBody,
  LogoutBody,
  PasswordChangeBody,
  TotpToggleBody,
  UserShortQuery,
} from '../../src/protocol';
import { parseOrFail } from '../domain/parse';
import type { ServerContext } from './app';
import { authOf, requireAuth } from './require-auth';

const ok = <T>(entity: T) => ({ code: 'ok' as const, entity });

/** Login attempts are counted per address and e-mail, so one person's typos do not lock out an office. */
const loginKey = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown; ticket?: unknown } | undefined;
  const who =
    typeof body?.email === 'string'
      ? body.email.toLowerCase()
      : typeof body?.ticket === 'string'
        ? body.ticket
        : '';
  return `${request.ip}|${who}`;
};

/** Spec §7 account calls, under /api. */
export const authRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  // Counted after the body is parsed (preHandler), so the key can include the e-mail.
  const limited = {
    rateLimit: {
      hook: 'preHandler' as const,
      max: context.loginAttemptsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: loginKey,
    },
  };
  const authenticated = { preHandler: requireAuth(context) };

  app.post('/auth/login', { config: limited }, async (request) => {
    const body = parseOrFail(LoginBody, request.body);
    const result = await context.auth.login(body.email, body.password);
    return 'ticket' in result
      ? { code: 'totp_required' as const, entity: { ticket: result.ticket } }
      : ok(result);
  });

  app.post('/auth/login/totp', { config: limited }, async (request) => {
    const body = parseOrFail(LoginTotpBody, request.body);
    return ok(await context.auth.loginWithCode(body.ticket, body.totpCode));
  });

  app.get('/auth/user', authenticated, async (request) => {
    const query = parseOrFail(CurrentUserQuery, request.query);
    const auth = authOf(request);
    if (query.pwa) await context.auth.markPwa(auth.sessionId, query.pwa === 'true');
    return ok(context.auth.currentUser(auth.viewer));
  });

  app.post('/auth/generate', authenticated, async (request) =>
    ok(await context.auth.generateTotp(authOf(request).viewer)),
  );

  app.patch('/auth/toggle', authenticated, async (request) => {
    const body = parseOrFail(TotpToggleBody, request.body);
    return ok(await context.auth.toggleTotp(authOf(request).viewer, body.enabled, body.totpCode));
  });

  app.patch('/auth/acc/update', authenticated, async (request) => {
    const body = parseOrFail(AccountUpdateBody, request.body);
    return ok(await context.auth.updateAccount(authOf(request).viewer, body));
  });

  app.post('/auth/acc/passwordChange', authenticated, async (request) => {
    const body = parseOrFail(PasswordChangeBody, request.body);
    await context.auth.changePassword(authOf(request), body.oldPassword, body.newPassword);
    return ok(null);
  });

  // The token in the body is itself the credential: whoever holds it may end it.
  app.post('/auth/acc/logout', async (request) => {
    const body = parseOrFail(LogoutBody, request.body);
    await context.auth.logout(body.token);
    return ok(null);
  });

  app.get('/acc/user/short', authenticated, async (request) => {
    const query = parseOrFail(UserShortQuery, request.query);
    return ok(await context.auth.findUsers(authOf(request).viewer, query.name));
  });
};
