import { describe, expect, it } from 'vitest';
import type { RequestCategory } from '../../protocol';
import {
  categoryLabel,
  categoryTree,
  chosenPathOf,
  isLastLevel,
  pickedCategory,
  pickerLevels,
} from './category-tree';

const TEAM = '00000000-0000-7000-8000-00000000e001';
const OTHER_TEAM = '00000000-0000-7000-8000-00000000e002';

const category = (
  id: string,
  name: string,
  parentId: string | null = null,
  teamIds: string[] = [],
  retired = false,
): RequestCategory => ({ id, name, parentId, teamIds, retired });

// Delivery › Late delivery › {Courier, Post}; Delivery › Change of address; Payments; Sales-only.
const tree = categoryTree([
  category('payments', 'Payments'),
  category('delivery', 'Delivery'),
  category('late', 'Late delivery', 'delivery'),
  category('address', 'Change of address', 'delivery'),
  category('courier', 'Courier', 'late'),
  category('post', 'Post', 'late'),
  category('sales', 'Sales only', null, [OTHER_TEAM]),
  category('orphan', 'Orphan topic', 'deleted-parent'),
  // Removed while chats carried it: still named, never offered, not a level of its own.
  category('refunds', 'Refunds', 'payments', [], true),
]);

const optionIds = (levels: ReturnType<typeof pickerLevels>) =>
  levels.map((level) => `${level.options.map((o) => o.id).join(',')}=${level.selected ?? '-'}`);

describe('request categories', () => {
  it.each([
    ['courier', 'Delivery › Late delivery › Courier'],
    ['address', 'Delivery › Change of address'],
    ['payments', 'Payments'],
    ['orphan', 'Orphan topic'],
    ['refunds', 'Payments › Refunds'],
    ['unknown', undefined],
  ])('category %s reads "%s"', (id, label) => {
    expect(categoryLabel(tree, id)).toBe(label);
  });

  it.each([
    ['courier', true],
    ['address', true],
    ['payments', true],
    ['late', false],
    ['delivery', false],
    ['unknown', false],
  ])('%s is of the last level: %s', (id, last) => {
    expect(isLastLevel(tree, id)).toBe(last);
  });

  it.each<[string, string[], string | null, string[], string | null]>([
    [
      'nothing chosen shows the top level open to the team, sorted by name',
      [],
      TEAM,
      ['delivery,orphan,payments=-'],
      null,
    ],
    [
      'a category with topics opens the topic level and is not yet a choice',
      ['delivery'],
      TEAM,
      ['delivery,orphan,payments=delivery', 'address,late=-'],
      null,
    ],
    [
      'a topic with subtopics opens the third level',
      ['delivery', 'late'],
      TEAM,
      ['delivery,orphan,payments=delivery', 'address,late=late', 'courier,post=-'],
      null,
    ],
    [
      'a subtopic is a choice',
      ['delivery', 'late', 'post'],
      TEAM,
      ['delivery,orphan,payments=delivery', 'address,late=late', 'courier,post=post'],
      'post',
    ],
    [
      'a topic without subtopics is a choice',
      ['delivery', 'address'],
      TEAM,
      ['delivery,orphan,payments=delivery', 'address,late=address'],
      'address',
    ],
    [
      'a category without topics is a choice',
      ['payments'],
      TEAM,
      ['delivery,orphan,payments=payments'],
      'payments',
    ],
    [
      'a category of another team is neither offered nor kept',
      ['sales'],
      TEAM,
      ['delivery,orphan,payments=-'],
      null,
    ],
    [
      'a chat of that team is offered it',
      ['sales'],
      OTHER_TEAM,
      ['delivery,orphan,payments,sales=sales'],
      'sales',
    ],
    [
      'a stale lower choice under a changed upper one is dropped',
      ['payments', 'late'],
      TEAM,
      ['delivery,orphan,payments=payments'],
      'payments',
    ],
  ])('%s', (_name, chosen, teamId, levels, picked) => {
    const result = pickerLevels(tree, chosen, teamId);
    expect(optionIds(result)).toEqual(levels);
    expect(pickedCategory(tree, result)).toBe(picked);
  });

  it('a chat’s current category preselects its whole path', () => {
    expect(chosenPathOf(tree, 'courier')).toEqual(['delivery', 'late', 'courier']);
    expect(chosenPathOf(tree, null)).toEqual([]);
  });

  it('a loop in parent links does not hang', () => {
    const looped = categoryTree([category('a', 'A', 'b'), category('b', 'B', 'a')]);
    expect(categoryLabel(looped, 'a')).toBe('B › A');
  });
});
