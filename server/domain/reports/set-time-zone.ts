import { eq } from 'drizzle-orm';
import type { CommandPayload } from '../../../src/protocol';
import { isTimeZone } from '../../../src/protocol/metrics';
import { organizations } from '../../db/schema';
import { ORG_GROUP } from '../../sync/groups';
import { organizationRow } from '../../sync/wire-rows';
import { requestRebuild } from '../../reports/rollup-store';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireRight } from '../core/require-viewer';

/**
 * Sets the IANA zone whose local days the reports count in (docs/reports.md). The roll-ups are
 * per local day, so the organization's are rebuilt in the new zone by the reports worker (or by
 * the next report asked for, whichever comes first); the command itself only asks for it.
 */
export async function organizationSetTimeZone(
  scope: CommandScope,
  payload: CommandPayload<'organization.setTimeZone'>,
): Promise<void> {
  requireRight(scope, 'RIGHT_ACCOUNT_CONTROL');
  if (!isTimeZone(payload.timeZone)) fail('VALIDATION_FAILED', { field: 'timeZone' });
  // Stored as the runtime spells it ("europe/moscow" is Europe/Moscow), so one zone is one name.
  const timeZone = new Intl.DateTimeFormat('en-US', {
    timeZone: payload.timeZone,
  }).resolvedOptions().timeZone;
  const [row] = await scope.tx
    .update(organizations)
    .set({ timeZone, updatedAt: scope.now })
    .where(eq(organizations.id, scope.orgId))
    .returning();
  if (!row) throw new Error('the organization of a signed-in user is gone');
  await requestRebuild(scope.tx, scope.orgId);
  scope.emit('organization.timeZoneSet', { timeZone }, [
    {
      table: 'organizations',
      op: 'put',
      key: row.id,
      row: organizationRow(row),
      groups: [ORG_GROUP],
    },
  ]);
}
