import { LIMITS, type ApiError, type RequestCategory } from '../../protocol';
import { refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

/** What the category side panel holds: the name as typed and the teams (empty: every team). */
export type CategoryFormValues = { name: string; teamIds: string[] };

export const CATEGORY_FIELDS = ['name', 'teamIds'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];
export type CategoryProblems = Partial<Record<CategoryField, FieldProblem>>;

export function categoryFormDefaults(category: RequestCategory | undefined): CategoryFormValues {
  return category
    ? { name: category.name, teamIds: [...category.teamIds] }
    : { name: '', teamIds: [] };
}

/**
 * The panel checked by the server's own name rule (trimmed, 1 to 128 characters, one line —
 * docs/categories-and-templates.md), so a wrong name is told before it is sent. The command
 * schema bounds only what it reads, so the rule is written here rather than parsed.
 */
export function checkCategoryForm(
  values: CategoryFormValues,
): { ok: true; value: CategoryFormValues } | { ok: false; problems: CategoryProblems } {
  const name = values.name.trim();
  let problem: FieldProblem | undefined;
  if (name === '') problem = { kind: 'required' };
  else if (/[\r\n\u2028\u2029]/u.test(name))
    problem = { kind: 'error', name: 'SESSION_CATEGORY_INVALID_NAME' };
  else if (name.length > LIMITS.categoryNameMax)
    problem = { kind: 'tooLong', max: LIMITS.categoryNameMax };
  if (problem) return { ok: false, problems: { name: problem } };
  return { ok: true, value: { name, teamIds: [...values.teamIds] } };
}

/** Where the server's refusal of a save shows: a name's at the name, an unknown team at the teams. */
export const categoryRefusal = (error: ApiError | undefined) =>
  refusalPlace<CategoryField>(error, CATEGORY_FIELDS, {
    SESSION_CATEGORY_EXISTS: 'name',
    SESSION_SUBCATEGORY_EXISTS: 'name',
    SESSION_CATEGORY_INVALID_NAME: 'name',
    SESSION_CATEGORY_NAME_TOO_LONG: 'name',
    SESSION_CATEGORY_TOO_DEEP: 'name',
    INVALID_CHARACTERS: 'name',
    TEAM_NOT_FOUND: 'teamIds',
  });
