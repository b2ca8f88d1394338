import { useLiveQuery } from 'dexie-react-hooks';
import type { Role, Team, User } from '../../protocol';
import { useStore } from '../../store/hooks';

/** What the Users screens read: the organization's people, roles and teams. */
export type UsersData = { users: User[]; roles: Role[]; teams: Team[] };

/** Users, roles and teams from the local store, kept live; undefined while loading. */
export function useUsersData(): UsersData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [users, roles, teams] = await Promise.all([
      db.users.toArray(),
      db.roles.toArray(),
      db.teams.toArray(),
    ]);
    return { users, roles, teams };
  }, [db]);
}
