import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { files } from '../../db/schema';

/** A stored file's description and owner, without its bytes; undefined when there is none. */
export async function storedFile(db: Db | Tx, id: string) {
  const [file] = await db
    .select({
      id: files.id,
      name: files.name,
      type: files.type,
      size: files.size,
      orgId: files.orgId,
      channelId: files.channelId,
      externalId: files.externalId,
    })
    .from(files)
    .where(eq(files.id, id));
  return file;
}
