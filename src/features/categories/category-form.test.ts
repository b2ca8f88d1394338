import { describe, expect, it } from 'vitest';
import { LIMITS, newId, type ApiError } from '../../protocol';
import { categoryFormDefaults, categoryRefusal, checkCategoryForm } from './category-form';

const error = (name: string): ApiError => ({ name, params: {} }) as ApiError;

describe('the category panel', () => {
  it('sends the trimmed name and the teams', () => {
    const team = newId();
    expect(checkCategoryForm({ name: '  Delivery ', teamIds: [team] })).toEqual({
      ok: true,
      value: { name: 'Delivery', teamIds: [team] },
    });
  });

  it('requires a name of one line within the limit', () => {
    expect(checkCategoryForm({ name: '   ', teamIds: [] })).toEqual({
      ok: false,
      problems: { name: { kind: 'required' } },
    });
    expect(checkCategoryForm({ name: 'Two\nlines', teamIds: [] })).toEqual({
      ok: false,
      problems: { name: { kind: 'error', name: 'SESSION_CATEGORY_INVALID_NAME' } },
    });
    const max = 'x'.repeat(LIMITS.categoryNameMax);
    expect(checkCategoryForm({ name: ` ${max} `, teamIds: [] }).ok).toBe(true);
    expect(checkCategoryForm({ name: `${max}x`, teamIds: [] })).toEqual({
      ok: false,
      problems: { name: { kind: 'tooLong', max: LIMITS.categoryNameMax } },
    });
  });

  it('starts from the row being edited, or empty for every team', () => {
    expect(categoryFormDefaults(undefined)).toEqual({ name: '', teamIds: [] });
    const team = newId();
    const row = { id: newId(), parentId: null, name: 'Payments', teamIds: [team], retired: false };
    expect(categoryFormDefaults(row)).toEqual({ name: 'Payments', teamIds: [team] });
  });

  it('shows name refusals at the name, an unknown team at the teams, the rest on the form', () => {
    for (const name of [
      'SESSION_CATEGORY_EXISTS',
      'SESSION_SUBCATEGORY_EXISTS',
      'SESSION_CATEGORY_INVALID_NAME',
      'SESSION_CATEGORY_NAME_TOO_LONG',
      'SESSION_CATEGORY_TOO_DEEP',
    ])
      expect(categoryRefusal(error(name)).field).toBe('name');
    expect(categoryRefusal(error('TEAM_NOT_FOUND')).field).toBe('teamIds');
    expect(categoryRefusal(error('CATEGORY_NOT_FOUND')).field).toBeNull();
    expect(categoryRefusal(undefined)).toEqual({
      field: null,
      problem: { kind: 'error', name: 'UNKNOWN_ERROR' },
    });
  });
});
