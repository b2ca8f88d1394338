import { describe, expect, it } from 'vitest';
import { newId, type RequestCategory } from '../../protocol';
import { categoryTree } from '../../store/category-tree';
import { plannedRows, planSetCommands, setCounts, setRows, type SetNode } from './set-plan';

const node = (name: string, children: SetNode[] = []): SetNode => ({ name, children });
const row = (
  id: string,
  parentId: string | null,
  name: string,
  retired = false,
): RequestCategory => ({
  id,
  parentId,
  name,
  teamIds: [],
  retired,
});

// Delivery › Late delivery › Courier, Delivery › Change of address; Payments › Refund.
const SET = [
  node('Delivery', [node('Late delivery', [node('Courier')]), node('Change of address')]),
  node('Payments', [node('Refund')]),
];

let counter = 0;
const ids = () => `id-${String(++counter)}`;

describe('adding a ready-made set', () => {
  it('adds every row to an empty tree, parents before children, open to every team', () => {
    counter = 0;
    expect(planSetCommands(categoryTree([]), SET, ids)).toEqual([
      { categoryId: 'id-1', parentId: null, name: 'Delivery', teamIds: [] },
      { categoryId: 'id-2', parentId: 'id-1', name: 'Late delivery', teamIds: [] },
      { categoryId: 'id-3', parentId: 'id-2', name: 'Courier', teamIds: [] },
      { categoryId: 'id-4', parentId: 'id-1', name: 'Change of address', teamIds: [] },
      { categoryId: 'id-5', parentId: null, name: 'Payments', teamIds: [] },
      { categoryId: 'id-6', parentId: 'id-5', name: 'Refund', teamIds: [] },
    ]);
  });

  it('adds nothing the second time', () => {
    const first = planSetCommands(categoryTree([]), SET, newId);
    const tree = categoryTree(plannedRows(first));
    expect(planSetCommands(tree, SET, newId)).toEqual([]);
    expect(setRows(tree, SET).every((r) => r.existingId !== null)).toBe(true);
  });

  it('over a partly existing tree adds only the missing rows, under the existing ones', () => {
    counter = 0;
    const tree = categoryTree([
      row('d', null, 'delivery'), // the same name but for case
      row('late', 'd', ' LATE DELIVERY'),
      row('refund-top', null, 'Refund'), // the same name at another place does not count
    ]);
    expect(planSetCommands(tree, SET, ids)).toEqual([
      { categoryId: 'id-1', parentId: 'late', name: 'Courier', teamIds: [] },
      { categoryId: 'id-2', parentId: 'd', name: 'Change of address', teamIds: [] },
      { categoryId: 'id-3', parentId: null, name: 'Payments', teamIds: [] },
      { categoryId: 'id-4', parentId: 'id-3', name: 'Refund', teamIds: [] },
    ]);
    expect(setRows(tree, SET)).toEqual([
      { name: 'Delivery', level: 1, existingId: 'd' },
      { name: 'Late delivery', level: 2, existingId: 'late' },
      { name: 'Courier', level: 3, existingId: null },
      { name: 'Change of address', level: 2, existingId: null },
      { name: 'Payments', level: 1, existingId: null },
      { name: 'Refund', level: 2, existingId: null },
    ]);
  });

  it('does not count retired rows as existing', () => {
    const tree = categoryTree([row('old', null, 'Payments', true), row('r', 'old', 'Refund')]);
    const plan = planSetCommands(tree, [node('Payments', [node('Refund')])], newId);
    expect(plan.map((create) => create.name)).toEqual(['Payments', 'Refund']);
    expect(plan[0]?.parentId).toBeNull();
    expect(plan[1]?.parentId).toBe(plan[0]?.categoryId);
  });

  it('counts a set by level', () => {
    expect(setCounts(SET)).toEqual({ categories: 2, topics: 3, subtopics: 1 });
  });
});
