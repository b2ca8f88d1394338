import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ATTACHMENT_MAX_BYTES, attachmentProblem, IdSchema } from '../../src/protocol';
import { files } from '../db/schema';
import { parseOrFail } from '../domain/parse';
import { fail } from '../domain/domain-error';
import type { ServerContext } from './app';
import { authOf, requireAuth } from './require-auth';

const FileParams = v.object({ id: IdSchema });
const FileName = v.pipe(v.string(), v.minLength(1), v.maxLength(255));

/**
 * Files for messages. The browser picks the id, so an upload retried after a lost answer is the
 * same file, not a second one; the command that sends the message follows the upload.
 */
export const fileRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  const { db } = context.database;
  // Uploads are raw bytes of any type: Fastify's own JSON and text parsers must not take them
  // (this plugin's scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.put(
    '/files/:id',
    { preHandler: requireAuth(context), bodyLimit: ATTACHMENT_MAX_BYTES },
    async (request) => {
      const { id } = parseOrFail(FileParams, request.params);
      const { viewer } = authOf(request);
      const type =
        (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      let name: string;
      try {
        name = parseOrFail(
          FileName,
          decodeURIComponent(String(request.headers['x-file-name'] ?? '')),
        );
      } catch {
        fail('VALIDATION_FAILED', { field: 'x-file-name' });
      }
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const problem = attachmentProblem({ type, size: data.length });
      if (problem) fail(problem, { max: ATTACHMENT_MAX_BYTES });
      const [existing] = await db
        .select({ orgId: files.orgId, name: files.name, type: files.type, size: files.size })
        .from(files)
        .where(eq(files.id, id));
      if (existing) {
        if (existing.orgId !== viewer.orgId) fail('FILE_NOT_FOUND');
        return {
          code: 'ok' as const,
          entity: { id, name: existing.name, type: existing.type, size: existing.size },
        };
      }
      await db
        .insert(files)
        .values({
          id,
          orgId: viewer.orgId,
          uploadedBy: viewer.id,
          name,
          type,
          size: data.length,
          data,
        })
        .onConflictDoNothing();
      return { code: 'ok' as const, entity: { id, name, type, size: data.length } };
    },
  );

  app.get('/files/:id', { preHandler: requireAuth(context) }, async (request, reply) => {
    const { id } = parseOrFail(FileParams, request.params);
    const { viewer } = authOf(request);
    const [file] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.orgId, viewer.orgId)));
    if (!file) fail('FILE_NOT_FOUND');
    const inline = file.type.startsWith('image/');
    return (
      reply
        .type(file.type)
        // Never rendered as a page of ours: no sniffing, sandboxed, documents downloaded.
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.data)
    );
  });
};
