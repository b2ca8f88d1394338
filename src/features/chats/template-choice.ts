import type { Template, TemplateCategory } from '../../protocol';

export type TemplateGroup = { category: TemplateCategory | null; templates: Template[] };

const openTo = (teamIds: readonly string[], teams: ReadonlySet<string>) =>
  teamIds.length === 0 || teamIds.some((id) => teams.has(id));

/**
 * The reply templates offered in a chat, grouped by their category: a template is offered when it
 * and its category are open to one of the given teams (the viewer's; no teams listed
 * means every team), and its title or text holds the search words. Groups by name, with
 * uncategorised templates last.
 */
export function templateGroups(
  templates: readonly Template[],
  categories: readonly TemplateCategory[],
  teamIds: readonly string[],
  query: string,
): TemplateGroup[] {
  const teams = new Set(teamIds);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string | null, TemplateGroup>();
  for (const template of templates) {
    const category = template.categoryId ? (categoryById.get(template.categoryId) ?? null) : null;
    if (!openTo(template.teamIds, teams) || (category && !openTo(category.teamIds, teams)))
      continue;
    const haystack = `${template.title}\n${template.text}`.toLocaleLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    const key = category?.id ?? null;
    const group = groups.get(key) ?? { category, templates: [] };
    group.templates.push(template);
    groups.set(key, group);
  }
  for (const group of groups.values())
    group.templates.sort((a, b) => a.title.localeCompare(b.title));
  return [...groups.values()].sort((a, b) =>
    a.category === null
      ? 1
      : b.category === null
        ? -1
        : a.category.name.localeCompare(b.category.name),
  );
}
