import { useLiveQuery } from 'dexie-react-hooks';
import type { Template, TemplateCategory } from '../protocol';
import { useStore } from './hooks';

/**
 * The organization's reply templates and their categories, as synced: the composer's picker and
 * the templates page read this one query (docs/categories-and-templates.md, "Who sees what").
 */
export function useTemplates():
  { templates: Template[]; categories: TemplateCategory[] } | undefined {
  const db = useStore();
  return useLiveQuery(async () => {
    const [templates, categories] = await Promise.all([
      db.templates.toArray(),
      db.templateCategories.toArray(),
    ]);
    return { templates, categories };
  }, [db]);
}
