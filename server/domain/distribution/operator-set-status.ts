import { and, count, eq, ne } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { organizations, users } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { userRow } from '../../sync/wire-rows';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireViewer } from '../core/require-viewer';
import { lockDistribution } from './serve-queue';

/**
 * In work or Break. Going In work takes one of the organization's operator licences (the
 * distribution lock makes two operators racing for the last licence see each other) and serves
 * the operator's queues at once.
 */
export async function operatorSetStatus(
  scope: CommandScope,
  payload: CommandPayload<'operator.setStatus'>,
): Promise<void> {
  const viewer = requireViewer(scope);
  // Without the right nobody gives them chats: In work would only take a licence.
  if (!viewer.rights.has('AUTHORITY_CHAT_DISTRIBUTION')) fail('ACCESS_DENIED');
  // Before the user's row: distribution may be giving this operator a chat right now.
  await lockDistribution(scope);
  if (payload.status === 'in_work') {
    const [org] = await scope.tx
      .select({ licenseCount: organizations.licenseCount })
      .from(organizations)
      .where(eq(organizations.id, scope.orgId));
    const [working] = await scope.tx
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.orgId, scope.orgId),
          eq(users.operatorStatus, 'in_work'),
          ne(users.id, viewer.id),
        ),
      );
    if ((working?.n ?? 0) >= (org?.licenseCount ?? 0)) fail('ALL_LICENSES_OCCUPIED');
  }
  const [row] = await scope.tx
    .update(users)
    .set({ operatorStatus: payload.status, lastActivityAt: scope.now, updatedAt: scope.now })
    .where(eq(users.id, viewer.id))
    .returning();
  if (!row) fail('USER_NOT_FOUND');
  scope.emit('operator.statusChanged', { userId: viewer.id, status: payload.status }, [
    { table: 'users', op: 'put', key: row.id, row: userRow(row), groups: [ORG_GROUP] },
  ]);
  if (payload.status === 'in_work') scope.serveTeams(row.teamIds);
}
