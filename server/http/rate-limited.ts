import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../limits/client-address';
import type { RateLimit, RateLimiter } from '../limits/rate-limiter';

/**
 * The client a request comes from: the socket's address, or the address a configured proxy
 * forwarded (TRUST_PROXY; Fastify's `request.ip` believes X-Forwarded-For from those alone).
 */
export const requestAddress = (request: FastifyRequest): string => clientAddress(request.ip);

/**
 * An onRequest hook counting each request against `limit` per client address and route, before
 * its body is read: a flood is refused at the door, malformed requests included.
 */
export const limitedPerAddress =
  (limiter: RateLimiter, limit: RateLimit) =>
  async (request: FastifyRequest): Promise<void> => {
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    await limiter.take([{ limit, subject: `${route} ${requestAddress(request)}` }]);
  };
