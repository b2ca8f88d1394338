import type { FastifyInstance } from 'fastify';
import { CommandsBody, type CommandResult } from '../../src/protocol';
import { parseOrFail } from '../domain/parse';
import type { ServerContext } from './app';
import { authOf, requireAuth } from './require-auth';

/** POST /api/commands: an ordered batch, one result per command, each in its own transaction. */
export const commandRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  app.post('/commands', { preHandler: requireAuth(context) }, async (request) => {
    const body = parseOrFail(CommandsBody, request.body);
    const { viewer } = authOf(request);
    const results: CommandResult[] = [];
    for (const command of body.commands) {
      results.push(
        await context.execute(
          { orgId: viewer.orgId, actor: { kind: 'user', id: viewer.id }, viewer },
          command,
        ),
      );
    }
    return { results };
  });
};
