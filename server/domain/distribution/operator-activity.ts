import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';

/**
 * Every command a staff member sends counts as activity: auto-break measures from the last one.
 * Not synced (it would send every colleague a row per keystroke's reply); the auto-break timer
 * reads it when it fires.
 */
export async function noteActivity(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ lastActivityAt: now }).where(eq(users.id, userId));
}
