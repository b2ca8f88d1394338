import { describe, expect, it } from 'vitest';
import { categoryLabels, pathOf } from './category-path';

const rows = [
  { id: 'd', parentId: null, name: 'Delivery' },
  { id: 'l', parentId: 'd', name: 'Late' },
  { id: 's', parentId: 'l', name: 'Storm' },
  { id: 'x', parentId: 'gone', name: 'Orphan' },
  { id: 'a', parentId: 'b', name: 'A' },
  { id: 'b', parentId: 'a', name: 'B' },
];

describe('category paths', () => {
  it('names every category by its path from the top, an orphan by itself, a loop once round', () => {
    expect(categoryLabels(rows)).toEqual({
      d: 'Delivery',
      l: 'Delivery › Late',
      s: 'Delivery › Late › Storm',
      x: 'Orphan',
      a: 'B › A',
      b: 'A › B',
    });
  });

  it('is empty for an unknown id or none', () => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(pathOf(byId, 'nope')).toEqual([]);
    expect(pathOf(byId, null)).toEqual([]);
  });
});
