import type { Template, TemplateCategory } from '../../protocol';

/** The words of a search, lower-cased; blanks between them do not count. */
const wordsOf = (query: string): string[] =>
  query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');

/**
 * Whether a template matches a search: every word of it appears, in any case, in the title or the
 * text ("refund card" finds "Card refunds take…"). An empty search matches every template.
 */
export function matchesSearch(template: Pick<Template, 'title' | 'text'>, query: string): boolean {
  const words = wordsOf(query);
  if (words.length === 0) return true;
  const haystack = `${template.title}\n${template.text}`.toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Which templates the table shows: every one, one category's, or those filed under none. */
export type CategoryFilter = { kind: 'all' } | { kind: 'category'; id: string } | { kind: 'none' };

/** One group of the table: a category (null: "No category") and its templates by title. */
export type TemplateSection = { category: TemplateCategory | null; templates: Template[] };

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/**
 * The templates table: the templates matching the filter and the search, grouped by template
 * category in name order, categories without a matching template left out. Old templates filed
 * under no category (or under one this browser does not hold) come last as "No category", so
 * they can be found and given one.
 */
export function templateSections(
  templates: readonly Template[],
  categories: readonly TemplateCategory[],
  filter: CategoryFilter,
  query: string,
): TemplateSection[] {
  const known = new Map(categories.map((category) => [category.id, category]));
  const groups = new Map<string | null, Template[]>();
  for (const template of templates) {
    const key =
      template.categoryId !== null && known.has(template.categoryId) ? template.categoryId : null;
    if (filter.kind === 'none' && key !== null) continue;
    if (filter.kind === 'category' && key !== filter.id) continue;
    if (!matchesSearch(template, query)) continue;
    groups.set(key, [...(groups.get(key) ?? []), template]);
  }
  const sections: TemplateSection[] = [...categories]
    .sort((a, b) => byName(a.name, b.name))
    .filter((category) => groups.has(category.id))
    .map((category) => ({ category, templates: groups.get(category.id) ?? [] }));
  const loose = groups.get(null);
  if (loose) sections.push({ category: null, templates: loose });
  for (const section of sections) section.templates.sort((a, b) => byName(a.title, b.title));
  return sections;
}

/** How many templates are filed under each category: one with any cannot be deleted. */
export function templateCounts(templates: readonly Template[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { categoryId } of templates)
    if (categoryId !== null) counts.set(categoryId, (counts.get(categoryId) ?? 0) + 1);
  return counts;
}

/** A template's text in a table cell: one line, cut at a word with an ellipsis past `max`. */
export function shortText(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The text with `token` put in place of the selection (`start`–`end`, the caret when they are
 * equal), and where the caret goes after it: what a placeholder button does to the text area.
 */
export function insertToken(
  text: string,
  start: number,
  end: number,
  token: string,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
