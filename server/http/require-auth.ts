import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/core/domain-error';
import type { ServerContext } from './context';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** preHandler: a valid, unrevoked token of an active user, or 401 UNAUTHORIZED. */
export const requireAuth =
  (context: ServerContext) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const auth = await context.auth.authenticate(bearerToken(request));
    if (!auth) throw new DomainError('UNAUTHORIZED');
    request.auth = auth;
  };

/** The authenticated caller; routes behind requireAuth always have one. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw new DomainError('UNAUTHORIZED');
  return request.auth;
}
