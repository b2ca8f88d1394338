import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '../../protocol';
import { useStore } from '../../store/hooks';
import { teamRows, type TeamRow } from './team-list';

/** The Teams screen's data: the teams with their member counts, and the people to name members. */
export type TeamsData = { rows: TeamRow[]; users: User[] };

/** Teams and users from the local store, kept live; undefined while loading. */
export function useTeamsData(): TeamsData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [teams, users] = await Promise.all([db.teams.toArray(), db.users.toArray()]);
    return { rows: teamRows(teams, users), users };
  }, [db]);
}
