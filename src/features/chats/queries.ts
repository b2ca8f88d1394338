import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from '../../store';

/**
 * The viewer's teams from their own row in the local `users` table, so the Pending list follows
 * a change of team as soon as it syncs. An empty list until the row has arrived.
 */
export function useViewerTeamIds(userId: string): readonly string[] | undefined {
  const db = useStore();
  return useLiveQuery(async () => (await db.users.get(userId))?.teamIds ?? [], [db, userId]);
}
