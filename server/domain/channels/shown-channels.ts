import { and, eq, inArray } from 'drizzle-orm';
import { customerLinkOf, shownChannelIdsOf } from '../../../src/protocol';
import { channels } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

/** Where a refusal shows on the site-chat form: the "channels shown" choices. */
const FIELD = { field: 'settings.shownChannelIds' };

/**
 * A site chat's "channels shown" (docs/site-chat-widget.md): each channel newly put on the list
 * must be one of this organization's (else CHANNEL_NOT_FOUND, as for any channel it cannot see),
 * have a public link (a Telegram bot or a mailbox, not another site chat) and be active
 * (VALIDATION_FAILED otherwise). Ids already on the stored list stay without a check: a bot
 * switched off since leaves the widget by itself (the widget's answer lists only active ones),
 * and a save of the title must not fail because of it.
 */
export async function refuseUnshowableChannels(
  scope: CommandScope,
  settings: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): Promise<void> {
  const kept = new Set(shownChannelIdsOf(stored));
  const added = shownChannelIdsOf(settings).filter((id) => !kept.has(id));
  if (added.length === 0) return;
  const rows = await scope.tx
    .select({
      id: channels.id,
      type: channels.type,
      active: channels.active,
      settings: channels.settings,
    })
    .from(channels)
    .where(and(eq(channels.orgId, scope.orgId), inArray(channels.id, added)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of added) {
    const row = byId.get(id);
    if (!row) fail('CHANNEL_NOT_FOUND', FIELD);
    if (!row.active || customerLinkOf(row) === null) fail('VALIDATION_FAILED', FIELD);
  }
}
