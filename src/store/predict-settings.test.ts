import { describe, expect, it } from 'vitest';
import type { RequestCategory, Template, TemplateCategory } from '../protocol';
import { affectedKeys, predictRow } from './predict';

const AT = '2026-11-26T10:00:00.000Z';
const CATEGORY = '00000000-0000-7000-8000-0000000000c1';
const PARENT = '00000000-0000-7000-8000-0000000000c2';
const TEAM = '00000000-0000-7000-8000-0000000000e1';
const GROUP = '00000000-0000-7000-8000-0000000000d1';
const TEMPLATE = '00000000-0000-7000-8000-0000000000d2';
const ctx = { userId: 'me' };

const pending = (type: string, payload: Record<string, unknown>) => ({
  id: 'c',
  type,
  payload,
  createdAt: AT,
});

const category: RequestCategory = {
  id: CATEGORY,
  parentId: null,
  name: 'Delivery',
  teamIds: [],
  retired: false,
};

describe('category and template predictions', () => {
  it('names the row of the id each command carries', () => {
    expect(affectedKeys(pending('requestCategory.move', { categoryId: CATEGORY }), ctx)).toEqual([
      { table: 'requestCategories', key: CATEGORY },
    ]);
    expect(
      affectedKeys(pending('templateCategory.delete', { templateCategoryId: GROUP }), ctx),
    ).toEqual([{ table: 'templateCategories', key: GROUP }]);
    expect(affectedKeys(pending('template.update', { templateId: TEMPLATE }), ctx)).toEqual([
      { table: 'templates', key: TEMPLATE },
    ]);
  });

  it('shows a new topic, a rename, a move and a removal at once', () => {
    const create = pending('requestCategory.create', {
      categoryId: CATEGORY,
      parentId: PARENT,
      name: ' Late delivery ',
      teamIds: [TEAM],
    });
    expect(predictRow(create, 'requestCategories', undefined, ctx)).toEqual({
      id: CATEGORY,
      parentId: PARENT,
      name: 'Late delivery',
      teamIds: [TEAM],
      retired: false,
    });
    const rename = pending('requestCategory.update', {
      categoryId: CATEGORY,
      name: 'Shipping',
      teamIds: [],
    });
    expect(predictRow(rename, 'requestCategories', category, ctx)).toMatchObject({
      name: 'Shipping',
    });
    const move = pending('requestCategory.move', { categoryId: CATEGORY, parentId: PARENT });
    expect(predictRow(move, 'requestCategories', category, ctx)).toMatchObject({
      parentId: PARENT,
    });
    // Whether the server retires or deletes it, pickers stop offering it; its name stays.
    const remove = pending('requestCategory.delete', { categoryId: CATEGORY });
    expect(predictRow(remove, 'requestCategories', category, ctx)).toEqual({
      ...category,
      retired: true,
    });
    // A category this browser does not hold is the server's to decide.
    expect(predictRow(rename, 'requestCategories', undefined, ctx)).toBeUndefined();
  });

  it('puts and removes template categories and templates', () => {
    const group: TemplateCategory = { id: GROUP, name: 'Greetings', teamIds: [TEAM] };
    const saveGroup = pending('templateCategory.create', {
      templateCategoryId: GROUP,
      name: 'Greetings ',
      teamIds: [TEAM],
    });
    expect(predictRow(saveGroup, 'templateCategories', undefined, ctx)).toEqual(group);
    const deleteGroup = pending('templateCategory.delete', { templateCategoryId: GROUP });
    expect(predictRow(deleteGroup, 'templateCategories', group, ctx)).toBeUndefined();

    const template: Template = {
      id: TEMPLATE,
      title: 'Hello',
      text: 'Hello, {client.name}!',
      categoryId: GROUP,
      teamIds: [],
    };
    const save = pending('template.create', { templateId: TEMPLATE, ...template });
    expect(predictRow(save, 'templates', undefined, ctx)).toEqual(template);
    const update = pending('template.update', { ...template, templateId: TEMPLATE, title: 'Hi' });
    expect(predictRow(update, 'templates', template, ctx)).toMatchObject({ title: 'Hi' });
    expect(predictRow(update, 'templates', undefined, ctx)).toBeUndefined();
    const remove = pending('template.delete', { templateId: TEMPLATE });
    expect(predictRow(remove, 'templates', template, ctx)).toBeUndefined();
  });
});
