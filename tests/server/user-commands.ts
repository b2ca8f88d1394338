import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import type { Suite } from './harness';

/** A user.create payload's fields as user.update sends them: the same user, with no password or new photo. */
export function updateOf(
  payload: Record<string, unknown>,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...payload };
  delete fields.password;
  delete fields.repeatPassword;
  delete fields.photoFileId;
  return { ...fields, ...over };
}

/** A stored user's fields as user.update sends them, changed by `over`. */
export function updateOfStored(
  user: typeof t.users.$inferSelect,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  const { id, name, email, phone, roleId, teamIds, autoBreakMinutes, active } = user;
  return { userId: id, name, email, phone, roleId, teamIds, autoBreakMinutes, active, ...over };
}

/** A user's stored row, by id. */
export async function userById(suite: Suite, id: string) {
  const [row] = await suite.server.database.db.select().from(t.users).where(eq(t.users.id, id));
  return row;
}
