import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CommandsBody, type CommandEnvelope, type CommandResult } from '../../src/protocol';
import type { CommandCaller } from '../domain/execute-command';
import { DomainError } from '../domain/core/domain-error';
import { parseOrFail } from '../domain/core/parse';
import type { ServerContext } from './context';
import { errorBody, requestLanguage } from './error-handler';
import { authOf, requireAuth } from './require-auth';

/**
 * One command of a batch, answered whatever happens to it. A failure that is not a refusal (the
 * database refusing a value, a bug) answers this command UNKNOWN_ERROR and is logged with the
 * command's id and type, while the batch's other commands still get their results: one command
 * the server cannot take must not hide whether the others were applied. Its changes rolled back
 * and no result is stored under its id, so the same command sent again runs again.
 */
async function answered(
  request: FastifyRequest,
  command: CommandEnvelope,
  running: Promise<CommandResult>,
): Promise<CommandResult> {
  try {
    return await running;
  } catch (error) {
    const language = requestLanguage(request);
    if (error instanceof DomainError)
      return {
        id: command.id,
        ok: false,
        error: errorBody(error.errorName, language, error.params).error,
      };
    request.log.error(
      { err: error, commandId: command.id, commandType: command.type },
      'command failed unexpectedly',
    );
    if (process.env.DEBUG_ERRORS) console.error(error);
    return { id: command.id, ok: false, error: errorBody('UNKNOWN_ERROR', language).error };
  }
}

/**
 * POST /api/commands: an ordered batch, one result per command. The commands are queued together
 * in order, so an outbox's flush runs in as few transactions as the group commit allows
 * (server/domain/command-queue.ts), each command still refused or applied by itself.
 */
export const commandRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  app.post('/commands', { preHandler: requireAuth(context) }, async (request) => {
    const body = parseOrFail(CommandsBody, request.body);
    const { viewer } = authOf(request);
    const caller: CommandCaller = {
      orgId: viewer.orgId,
      actor: { kind: 'user', id: viewer.id },
      viewer,
    };
    const running = context.executeAll(caller, body.commands);
    const results = await Promise.all(
      body.commands.map((command, index) =>
        answered(request, command, running[index] as Promise<CommandResult>),
      ),
    );
    return { results };
  });
};
