import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ATTACHMENT_MAX_BYTES, IdSchema } from '../../src/protocol';
import { files } from '../db/schema';
import { parseOrFail } from '../domain/core/parse';
import { fail } from '../domain/core/domain-error';
import type { ServerContext } from './context';
import { sendFile } from './file-download';
import { acceptRawUploads, readUpload, storeUpload } from './file-upload';
import { authOf, requireAuth } from './require-auth';

const FileParams = v.object({ id: IdSchema });

/**
 * Files for messages. The browser picks the id, so an upload retried after a lost answer is the
 * same file, not a second one; the command that sends the message follows the upload. Staff read
 * every file of their organization, customers' uploads included.
 */
export const fileRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  const { db } = context.database;
  acceptRawUploads(app);

  app.put(
    '/files/:id',
    { preHandler: requireAuth(context), bodyLimit: ATTACHMENT_MAX_BYTES },
    async (request) => {
      const { id } = parseOrFail(FileParams, request.params);
      const { viewer } = authOf(request);
      const entity = await storeUpload(db, id, readUpload(request), {
        kind: 'staff',
        orgId: viewer.orgId,
        userId: viewer.id,
      });
      return { code: 'ok' as const, entity };
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
    return sendFile(reply, file);
  });
};
