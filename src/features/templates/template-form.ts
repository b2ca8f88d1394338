import * as v from 'valibot';
import {
  TemplateCategorySavePayload,
  TemplateSavePayload,
  type ApiError,
  type Template,
  type TemplateCategory,
} from '../../protocol';
import { problemsOf, refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';
import { mayEditTeams, newTeamIds, type TemplateEditor } from './template-access';

/**
 * A problem of this page's forms: the general ones, or "every team" (or another team) chosen by
 * someone who may offer things to their own teams only — worded by the panel.
 */
export type TemplateProblem = FieldProblem | { kind: 'ownTeamsOnly' };

export const TEMPLATE_FIELDS = ['title', 'text', 'categoryId', 'teamIds'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** What the template panel holds: the texts as typed, the category's id ('' for none), the teams. */
export type TemplateFormValues = {
  title: string;
  text: string;
  categoryId: string;
  teamIds: string[];
};

export type TemplateSave = v.InferOutput<typeof TemplateSavePayload>;

/**
 * The panel's values for a template being edited, or a new one. An old template filed under no
 * category opens with none chosen, so saving it asks for one (spec §5).
 */
export function templateFormDefaults(
  template: Template | undefined,
  editor: TemplateEditor,
  categoryId = '',
): TemplateFormValues {
  return template
    ? {
        title: template.title,
        text: template.text,
        categoryId: template.categoryId ?? '',
        teamIds: [...template.teamIds],
      }
    : { title: '', text: '', categoryId, teamIds: newTeamIds(editor) };
}

/** Teams outside the editor's reach, checked before sending as the server will (template-access.ts). */
const teamsProblem = (editor: TemplateEditor, teamIds: readonly string[]) =>
  mayEditTeams(editor, teamIds) ? undefined : ({ kind: 'ownTeamsOnly' } as const);

/**
 * The panel checked with the schema the server parses `template.create` / `.update` with, and the
 * rules its handler adds: a template category chosen (TEMPLATE_CATEGORY_NOT_SELECTED at the
 * field, spec §5) and teams within the editor's reach. The payload to send, or each field's problem.
 */
export function checkTemplateForm(
  values: TemplateFormValues,
  templateId: string,
  editor: TemplateEditor,
):
  | { ok: true; payload: TemplateSave }
  | { ok: false; problems: Partial<Record<TemplateField, TemplateProblem>> } {
  const input = {
    templateId,
    title: values.title,
    text: values.text,
    categoryId: values.categoryId === '' ? null : values.categoryId,
    teamIds: values.teamIds,
  };
  const parsed = v.safeParse(TemplateSavePayload, input);
  const problems: Partial<Record<TemplateField, TemplateProblem>> = parsed.success
    ? {}
    : problemsOf(parsed.issues, TEMPLATE_FIELDS, input);
  if (input.categoryId === null)
    problems.categoryId = { kind: 'error', name: 'TEMPLATE_CATEGORY_NOT_SELECTED' };
  problems.teamIds ??= teamsProblem(editor, values.teamIds);
  if (problems.teamIds === undefined) delete problems.teamIds;
  if (parsed.success && Object.keys(problems).length === 0)
    return { ok: true, payload: parsed.output };
  return { ok: false, problems };
}

/**
 * Where the server's refusal of a template save shows: no or an unknown category at the category,
 * an unknown team at the teams; a template or category out of the editor's reach above the buttons.
 */
export const templateRefusal = (error: ApiError | undefined) =>
  refusalPlace<TemplateField>(error, TEMPLATE_FIELDS, {
    TEMPLATE_CATEGORY_NOT_SELECTED: 'categoryId',
    CATEGORY_NOT_FOUND: 'categoryId',
    TEAM_NOT_FOUND: 'teamIds',
  });

export const CATEGORY_FIELDS = ['name', 'teamIds'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];
export type CategoryFormValues = { name: string; teamIds: string[] };
export type CategorySave = v.InferOutput<typeof TemplateCategorySavePayload>;

export function categoryFormDefaults(
  category: TemplateCategory | undefined,
  editor: TemplateEditor,
): CategoryFormValues {
  return category
    ? { name: category.name, teamIds: [...category.teamIds] }
    : { name: '', teamIds: newTeamIds(editor) };
}

/** The category panel checked as `templateCategory.create` / `.update` will be. */
export function checkCategoryForm(
  values: CategoryFormValues,
  templateCategoryId: string,
  editor: TemplateEditor,
):
  | { ok: true; payload: CategorySave }
  | { ok: false; problems: Partial<Record<CategoryField, TemplateProblem>> } {
  const input = { templateCategoryId, name: values.name, teamIds: values.teamIds };
  const parsed = v.safeParse(TemplateCategorySavePayload, input);
  const problems: Partial<Record<CategoryField, TemplateProblem>> = parsed.success
    ? {}
    : problemsOf(parsed.issues, CATEGORY_FIELDS, input);
  problems.teamIds ??= teamsProblem(editor, values.teamIds);
  if (problems.teamIds === undefined) delete problems.teamIds;
  if (parsed.success && Object.keys(problems).length === 0)
    return { ok: true, payload: parsed.output };
  return { ok: false, problems };
}

/** Where the server's refusal of a category save or delete shows. */
export const categoryRefusal = (error: ApiError | undefined) =>
  refusalPlace<CategoryField>(error, CATEGORY_FIELDS, { TEAM_NOT_FOUND: 'teamIds' });
