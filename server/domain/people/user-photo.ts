import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '../../../src/protocol';
import { files } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

/** Where a stored photo is read: the staff file route (GET /api/files/:id with the token). */
export const photoUrlOf = (fileId: string): string => `/api/files/${fileId}`;

/** Every JPEG starts with SOI (FF D8) and the marker byte FF of its first segment. */
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

const startsAsJpeg = (head: Uint8Array | null): boolean =>
  head !== null && Buffer.from(head).subarray(0, 3).equals(JPEG_SIGNATURE);

/**
 * The photo a user command names (spec §5: JPEG, at most 200 KB): a file of this organization
 * that the sender uploaded — another's upload, even a colleague's, answers IMAGE_NOT_FOUND like a
 * missing one, so an id seen in a message cannot become someone's face. The bytes must start as a
 * JPEG, not only the declared type say so (FILE_TYPE_NOT_ALLOWED); over the limit is
 * PICTURE_TOO_BIG with the limit in bytes. Answers the URL the photo is read from.
 */
export async function checkedPhotoUrl(
  scope: CommandScope,
  fileId: string,
  senderId: string,
): Promise<string> {
  const field = { field: 'photoFileId' };
  const [file] = await scope.tx
    .select({
      type: files.type,
      size: files.size,
      head: sql<Uint8Array | null>`substring(${files.data} from 1 for 3)`,
    })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.orgId, scope.orgId), eq(files.uploadedBy, senderId)));
  if (!file) fail('IMAGE_NOT_FOUND', field);
  if (file.type !== 'image/jpeg' || !startsAsJpeg(file.head)) fail('FILE_TYPE_NOT_ALLOWED', field);
  if (file.size > LIMITS.photoMaxBytes)
    fail('PICTURE_TOO_BIG', { ...field, max: LIMITS.photoMaxBytes });
  return photoUrlOf(fileId);
}
