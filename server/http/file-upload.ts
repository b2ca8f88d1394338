import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ATTACHMENT_MAX_BYTES, attachmentProblem, type Attachment } from '../../src/protocol';
import type { Db } from '../db/database';
import { files } from '../db/schema';
import { fail } from '../domain/core/domain-error';
import { mayUseFile, ownerColumns, type FileOwner } from '../domain/files/file-owner';
import { parseOrFail } from '../domain/core/parse';
import { storedFile } from '../domain/files/stored-file';

/**
 * Uploads of message files, shared by staff (PUT /api/files/:id) and widget visitors
 * (PUT /api/widget/files/:id): the same limits, checks and storage, only the owner differs.
 */

/** Where uploads are taken: a body over the limit there is FILE_TOO_LARGE, not PAYLOAD_TOO_LARGE. */
const UPLOAD_PATHS = ['/api/files/', '/api/widget/files/'];
export const isUploadPath = (url: string): boolean =>
  UPLOAD_PATHS.some((path) => url.startsWith(path));

/** The header that names an upload, URI-encoded (headers carry no UTF-8); read as any input is. */
const UploadHeaders = v.object({
  'x-file-name': v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
});

/**
 * Uploads are raw bytes of any type: Fastify's own JSON and text parsers must not take them.
 * Call inside the plugin that holds the upload route, so the parser stays in its scope.
 */
export function acceptRawUploads(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );
}

export type Upload = { name: string; type: string; data: Buffer };

/**
 * The uploaded file as the request tells it: type from Content-Type, name from X-File-Name
 * (URI-encoded, as headers carry no UTF-8). Refused before anything is stored when its type is
 * not allowed, it is empty or too big (FILE_TYPE_NOT_ALLOWED, FILE_EMPTY, FILE_TOO_LARGE).
 */
export function readUpload(request: FastifyRequest): Upload {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(String(request.headers['x-file-name'] ?? ''));
  } catch {
    fail('VALIDATION_FAILED', { field: 'x-file-name' }); // not URI-encoded UTF-8
  }
  const name = parseOrFail(UploadHeaders, { 'x-file-name': decoded })['x-file-name'];
  const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const problem = attachmentProblem({ type, size: data.length });
  if (problem) fail(problem, { max: ATTACHMENT_MAX_BYTES });
  return { name, type, data };
}

/**
 * Stores an upload under the id the browser chose, so an upload retried after a lost answer is
 * the same file, not a second one: a repeat is answered with what is stored. An id already taken
 * by a file this owner may not use answers FILE_NOT_FOUND, as a file that is not there.
 */
export async function storeUpload(
  db: Db,
  id: string,
  upload: Upload,
  owner: FileOwner,
): Promise<Attachment> {
  const existing = await storedFile(db, id);
  if (!existing) {
    const [stored] = await db
      .insert(files)
      .values({ id, ...ownerColumns(owner), ...upload, size: upload.data.length })
      .onConflictDoNothing()
      .returning({ id: files.id });
    if (stored)
      return {
        id,
        name: upload.name,
        type: upload.type as Attachment['type'],
        size: upload.data.length,
      };
  }
  // Stored before, or by a concurrent request just now.
  const file = existing ?? (await storedFile(db, id));
  if (!file || !mayUseFile(file, owner)) fail('FILE_NOT_FOUND');
  return { id, name: file.name, type: file.type as Attachment['type'], size: file.size };
}
