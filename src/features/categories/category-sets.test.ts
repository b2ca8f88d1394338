import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { IdSchema, LIMITS } from '../../protocol';
import { categoryTree } from '../../store/category-tree';
import { CATEGORY_SETS, categorySet, setTree } from './category-sets';
import { planSetCommands, type SetNode } from './set-plan';

const depth = (nodes: readonly SetNode[]): number =>
  nodes.reduce((most, node) => Math.max(most, 1 + depth(node.children)), 0);

describe('the ready-made category sets', () => {
  it('has at least three, each named by an id the route takes', () => {
    expect(CATEGORY_SETS.length).toBeGreaterThanOrEqual(3);
    expect(new Set(CATEGORY_SETS.map((set) => set.id)).size).toBe(CATEGORY_SETS.length);
    for (const set of CATEGORY_SETS) {
      expect(v.is(IdSchema, set.id)).toBe(true);
      expect(categorySet(set.id)).toBe(set);
    }
    expect(categorySet('0190a0b4-5e70-7000-8000-0000000000ff')).toBeUndefined();
  });

  it.each(['en', 'ru'] as const)(
    'holds in %s 10 to 25 rows of three levels at most that the server would take',
    (lang) => {
      for (const set of CATEGORY_SETS) {
        const tree = setTree(set, lang);
        expect(depth(tree)).toBe(3);
        const plan = planSetCommands(categoryTree([]), tree, () => crypto.randomUUID());
        expect(plan.length).toBeGreaterThanOrEqual(10);
        expect(plan.length).toBeLessThanOrEqual(25);
        for (const create of plan) {
          expect(create.name.trim()).toBe(create.name);
          expect(create.name.length).toBeGreaterThan(0);
          expect(create.name.length).toBeLessThanOrEqual(LIMITS.categoryNameMax);
        }
        // Siblings' names are unique regardless of case, as the server requires.
        const siblings = new Map<string | null, Set<string>>();
        for (const create of plan) {
          const names = siblings.get(create.parentId) ?? new Set<string>();
          expect(names.has(create.name.toLowerCase())).toBe(false);
          names.add(create.name.toLowerCase());
          siblings.set(create.parentId, names);
        }
        expect(set.name[lang].length).toBeGreaterThan(0);
        expect(set.description[lang].length).toBeGreaterThan(0);
      }
    },
  );
});
