import type { Attachment } from '../../../src/protocol';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { mayUseFile, type FileOwner } from '../files/file-owner';
import { storedFile } from '../files/stored-file';

/**
 * The attachments a message is stored with. Each must be a file the sender may use (see
 * mayUseFile), else FILE_NOT_FOUND naming it; the stored name, type and size win over what the
 * sender claims, so a message never describes a file other than it is.
 */
export async function storedAttachments(
  scope: CommandScope,
  wanted: readonly Attachment[],
  sender: FileOwner,
): Promise<Attachment[]> {
  const attachments: Attachment[] = [];
  for (const { id, name } of wanted) {
    const file = await storedFile(scope.tx, id);
    if (!file || !mayUseFile(file, sender)) fail('FILE_NOT_FOUND', { name });
    // Only allowed types were ever stored (the upload checks them).
    attachments.push({
      id,
      name: file.name,
      type: file.type as Attachment['type'],
      size: file.size,
    });
  }
  return attachments;
}
