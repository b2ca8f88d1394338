import { useLiveQuery } from 'dexie-react-hooks';
import type { Organization, RequestCategory, Team } from '../../protocol';
import { useStore } from '../../store/hooks';

/** What the category pages read: every category (retired too), the teams, the organization. */
export type CategoriesData = {
  categories: RequestCategory[];
  teams: Team[];
  organization: Organization | undefined;
};

/** Live from the local store, so a change from another browser shows at once; undefined while loading. */
export function useCategoriesData(): CategoriesData | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [categories, teams, organization] = await Promise.all([
      db.requestCategories.toArray(),
      db.teams.toArray(),
      db.organizations.toCollection().first(),
    ]);
    teams.sort((a, b) => a.name.localeCompare(b.name));
    return { categories, teams, organization };
  }, [db]);
}
