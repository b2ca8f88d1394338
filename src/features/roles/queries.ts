import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from '../../store/hooks';
import { roleRows, type RoleRow } from './role-list';

/** The Roles screen's two lists from the local store, kept live; undefined while loading. */
export function useRoleRows(): { builtIn: RoleRow[]; created: RoleRow[] } | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [roles, users] = await Promise.all([db.roles.toArray(), db.users.toArray()]);
    return roleRows(roles, users);
  }, [db]);
}
