import { describe, expect, it } from 'vitest';
import type { RequestCategory } from '../../protocol';
import { categoryTree } from '../../store/category-tree';
import { branchHeight, categoryRows, movePlaces, rowsBelow } from './category-places';

const row = (id: string, parentId: string | null, name = id, retired = false): RequestCategory => ({
  id,
  parentId,
  name,
  teamIds: [],
  retired,
});

// Delivery › Late › Courier; Delivery › Address; Payments › Refund; Other.
const tree = categoryTree([
  row('delivery', null, 'Delivery'),
  row('late', 'delivery', 'Late'),
  row('courier', 'late', 'Courier'),
  row('address', 'delivery', 'Address'),
  row('payments', null, 'Payments'),
  row('refund', 'payments', 'Refund'),
  row('other', null, 'Other'),
  row('old', null, 'Old', true),
  row('under-old', 'old', 'Under old'),
]);
const ids = (places: ReturnType<typeof movePlaces>) => places.map((place) => place.parentId);

describe('the categories settings tree', () => {
  it('lists live rows depth first by name, with their level; no child under a subtopic', () => {
    expect(categoryRows(tree).map((r) => [r.category.id, r.level, r.canAddChild])).toEqual([
      ['delivery', 1, true],
      ['address', 2, true],
      ['late', 2, true],
      ['courier', 3, false],
      ['other', 1, true],
      ['payments', 1, true],
      ['refund', 2, true],
    ]);
  });

  it('measures a branch by its live levels', () => {
    expect(branchHeight(tree, 'delivery')).toBe(3);
    expect(branchHeight(tree, 'late')).toBe(2);
    expect(branchHeight(tree, 'other')).toBe(1);
  });

  it('counts the live rows a delete takes along', () => {
    expect(rowsBelow(tree, 'delivery')).toBe(3);
    expect(rowsBelow(tree, 'payments')).toBe(1);
    expect(rowsBelow(tree, 'courier')).toBe(0);
  });

  it('moves a whole three-level category only among the top level, where it is already', () => {
    expect(ids(movePlaces(tree, 'delivery'))).toEqual([]);
  });

  it('moves a topic with subtopics to the top or under another category, not under a topic', () => {
    expect(ids(movePlaces(tree, 'late'))).toEqual([null, 'other', 'payments']);
  });

  it('moves a leaf anywhere it fits but under itself or where it is', () => {
    expect(ids(movePlaces(tree, 'courier'))).toEqual([
      null,
      'delivery',
      'address',
      'other',
      'payments',
      'refund',
    ]);
    expect(ids(movePlaces(tree, 'other'))).toEqual([
      'delivery',
      'address',
      'late',
      'payments',
      'refund',
    ]);
  });

  it('moves a two-level category under another category only', () => {
    expect(ids(movePlaces(tree, 'payments'))).toEqual(['delivery', 'other']);
  });

  it('offers no place for a retired or unknown category, and none under a retired one', () => {
    expect(movePlaces(tree, 'old')).toEqual([]);
    expect(movePlaces(tree, 'nope')).toEqual([]);
    expect(ids(movePlaces(tree, 'refund'))).not.toContain('old');
  });

  it('gives each place its path from the top', () => {
    const place = movePlaces(tree, 'refund').find((p) => p.parentId === 'late');
    expect(place?.path.map((c) => c.name)).toEqual(['Delivery', 'Late']);
  });
});
