import type { FastifyInstance } from 'fastify';
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
import { parseOrFail } from '../domain/core/parse';
import type { ServerContext } from './context';
import { authOf, requireAuth } from './require-auth';
import { requestAddress } from './rate-limited';

const ok = <T>(entity: T) => ({ code: 'ok' as const, entity });

/** Spec §7 account calls, under /api. */
export const authRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  const authenticated = { preHandler: requireAuth(context) };

  // Both sign-in steps count per account and per address (server/auth/login-limits.ts).
  app.post('/auth/login', async (request) => {
    const body = parseOrFail(LoginBody, request.body);
    const result = await context.auth.login(body.email, body.password, requestAddress(request));
    return 'ticket' in result
      ? { code: 'totp_required' as const, entity: { ticket: result.ticket } }
      : ok(result);
  });

  app.post('/auth/login/totp', async (request) => {
    const body = parseOrFail(LoginTotpBody, request.body);
    return ok(
      await context.auth.loginWithCode(body.ticket, body.totpCode, requestAddress(request)),
    );
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
