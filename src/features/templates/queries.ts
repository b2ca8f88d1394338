import { useLiveQuery } from 'dexie-react-hooks';
import type { Team } from '../../protocol';
import { useStore } from '../../store/hooks';

// The templates and their categories: the query the composer's picker reads too.
export { useTemplates } from '../../store/template-queries';

/** The organization's teams, live: the page's "Available to" names and its teams fields. */
export function useTeams(): Team[] | undefined {
  const db = useStore();
  return useLiveQuery(() => db.teams.toArray(), [db]);
}
