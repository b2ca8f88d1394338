import { and, eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { clientComments } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { clientCommentRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { lockClient, requireProfileRights } from './client-access';

/** A staff member's comment on a profile, by them, now. */
export async function clientAddComment(
  scope: CommandScope,
  payload: CommandPayload<'client.addComment'>,
): Promise<void> {
  const viewer = await requireProfileRights(scope);
  const client = await lockClient(scope, payload.clientId);
  const [used] = await scope.tx
    .select({ id: clientComments.id })
    .from(clientComments)
    .where(eq(clientComments.id, payload.commentId));
  if (used) fail('VALIDATION_FAILED', { field: 'commentId' });
  const [row] = await scope.tx
    .insert(clientComments)
    .values({
      id: payload.commentId,
      orgId: scope.orgId,
      clientId: client.id,
      authorId: viewer.id,
      text: payload.text,
      createdAt: scope.now,
    })
    .returning();
  if (!row) throw new Error('comment insert returned nothing');
  scope.emit('client.commentAdded', { clientId: client.id, commentId: row.id }, [
    {
      table: 'clientComments',
      op: 'put',
      key: row.id,
      row: clientCommentRow(row),
      groups: [ORG_GROUP],
    },
  ]);
}

/**
 * Deletes a comment. Its author may, and so may whoever sees every chat (a supervisor tidying a
 * profile); anyone else is refused with ACCESS_DENIED.
 */
export async function clientDeleteComment(
  scope: CommandScope,
  payload: CommandPayload<'client.deleteComment'>,
): Promise<void> {
  const viewer = await requireProfileRights(scope);
  const [comment] = await scope.tx
    .select()
    .from(clientComments)
    .where(and(eq(clientComments.id, payload.commentId), eq(clientComments.orgId, scope.orgId)))
    .for('update');
  if (!comment) fail('PROFILE_COMMENT_NOT_FOUND');
  if (comment.authorId !== viewer.id && !viewer.rights.has('AUTHORITY_ALL_CHATS'))
    fail('ACCESS_DENIED');
  await scope.tx.delete(clientComments).where(eq(clientComments.id, comment.id));
  scope.emit('client.commentDeleted', { clientId: comment.clientId, commentId: comment.id }, [
    { table: 'clientComments', op: 'delete', key: comment.id, groups: [ORG_GROUP] },
  ]);
}
