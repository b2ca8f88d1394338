import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody, requestLanguage } from './error-handler';

/**
 * The built browser app, with a single-page fallback: any GET outside /api that is not a file
 * answers index.html, and the router in the page decides what to show.
 */
export async function staticRoutes(
  app: FastifyInstance,
  staticDir: string | undefined,
): Promise<void> {
  const root = staticDir ? resolve(staticDir) : undefined;
  const indexPath = root ? join(root, 'index.html') : undefined;
  const hasApp = indexPath !== undefined && existsSync(indexPath);
  if (hasApp && root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; everything else is revalidated so a deploy shows at once.
        res.header(
          'cache-control',
          path.includes(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasApp && indexPath ? readFileSync(indexPath, 'utf8') : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && !path.startsWith('/api/') && indexHtml !== undefined) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return reply.status(404).send(errorBody('NOT_FOUND', requestLanguage(request)));
  });
}
