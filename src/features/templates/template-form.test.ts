import { describe, expect, it } from 'vitest';
import { newId, type Template } from '../../protocol';
import type { TemplateEditor } from './template-access';
import {
  categoryFormDefaults,
  categoryRefusal,
  checkCategoryForm,
  checkTemplateForm,
  templateFormDefaults,
  templateRefusal,
} from './template-form';

const supervisor: TemplateEditor = { managesAllTeams: true, teamIds: [] };
const sales = newId();
const support = newId();
const lead: TemplateEditor = { managesAllTeams: false, teamIds: [sales] };
const categoryId = newId();
const templateId = newId();
const values = { title: 'Hello', text: 'Hello, {client.name}!', categoryId, teamIds: [sales] };

describe('the template panel', () => {
  it('sends a complete template as the server parses it', () => {
    const checked = checkTemplateForm({ ...values, title: '  Hello ' }, templateId, supervisor);
    expect(checked).toEqual({
      ok: true,
      payload: { templateId, title: 'Hello', text: values.text, categoryId, teamIds: [sales] },
    });
  });

  it('asks for a template category at its field (spec §5)', () => {
    const checked = checkTemplateForm({ ...values, categoryId: '' }, templateId, supervisor);
    expect(checked).toEqual({
      ok: false,
      problems: { categoryId: { kind: 'error', name: 'TEMPLATE_CATEGORY_NOT_SELECTED' } },
    });
  });

  it('asks for a title and a text, and holds them to 64 and 4000 characters', () => {
    const empty = checkTemplateForm({ ...values, title: ' ', text: '' }, templateId, supervisor);
    expect(empty.ok ? {} : empty.problems).toEqual({
      title: { kind: 'required' },
      text: { kind: 'required' },
    });
    const long = checkTemplateForm(
      { ...values, title: 'x'.repeat(65), text: 'y'.repeat(4001) },
      templateId,
      supervisor,
    );
    expect(long.ok ? {} : long.problems).toEqual({
      title: { kind: 'tooLong', max: 64 },
      text: { kind: 'tooLong', max: 4000 },
    });
  });

  it('keeps a lead to their own teams', () => {
    expect(checkTemplateForm(values, templateId, lead).ok).toBe(true);
    for (const teamIds of [[], [sales, support]]) {
      const checked = checkTemplateForm({ ...values, teamIds }, templateId, lead);
      expect(checked.ok ? {} : checked.problems).toEqual({ teamIds: { kind: 'ownTeamsOnly' } });
    }
  });

  it("opens an old template without a category with none chosen, and a new one for the lead's teams", () => {
    const old: Template = {
      id: templateId,
      title: 'Old',
      text: 'Old text',
      categoryId: null,
      teamIds: [],
    };
    expect(templateFormDefaults(old, supervisor).categoryId).toBe('');
    expect(templateFormDefaults(undefined, lead, categoryId)).toEqual({
      title: '',
      text: '',
      categoryId,
      teamIds: [sales],
    });
  });

  it("shows the server's refusals at their field, or above the buttons", () => {
    const error = (name: string, field?: string) =>
      ({ name, message: name, ...(field ? { params: { field } } : {}) }) as never;
    expect(templateRefusal(error('TEMPLATE_CATEGORY_NOT_SELECTED', 'categoryId')).field).toBe(
      'categoryId',
    );
    expect(templateRefusal(error('CATEGORY_NOT_FOUND', 'categoryId')).field).toBe('categoryId');
    expect(templateRefusal(error('TEAM_NOT_FOUND', 'teamIds')).field).toBe('teamIds');
    expect(templateRefusal(error('TEMPLATE_NOT_MODIFIABLE')).field).toBeNull();
    expect(templateRefusal(error('CATEGORY_ACCESS_DENIED')).field).toBeNull();
  });
});

describe('the template category panel', () => {
  it('sends a name up to 64 characters and the teams', () => {
    const id = newId();
    expect(checkCategoryForm({ name: ' Sales ', teamIds: [sales] }, id, supervisor)).toEqual({
      ok: true,
      payload: { templateCategoryId: id, name: 'Sales', teamIds: [sales] },
    });
    const long = checkCategoryForm({ name: 'x'.repeat(65), teamIds: [] }, id, supervisor);
    expect(long.ok ? {} : long.problems).toEqual({ name: { kind: 'tooLong', max: 64 } });
  });

  it('keeps a lead to their own teams, starting with them', () => {
    expect(categoryFormDefaults(undefined, lead)).toEqual({ name: '', teamIds: [sales] });
    const checked = checkCategoryForm({ name: 'Mine', teamIds: [] }, newId(), lead);
    expect(checked.ok ? {} : checked.problems).toEqual({ teamIds: { kind: 'ownTeamsOnly' } });
  });

  it('puts an unknown team at the teams and a refusal of access above the buttons', () => {
    expect(
      categoryRefusal({
        name: 'TEAM_NOT_FOUND',
        message: '',
        params: { field: 'teamIds' },
      } as never).field,
    ).toBe('teamIds');
    expect(
      categoryRefusal({ name: 'CATEGORY_ACCESS_DENIED', message: '' } as never).field,
    ).toBeNull();
  });
});
