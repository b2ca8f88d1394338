import { describe, expect, it } from 'vitest';
import { mergeClientRows, type MergeableClient, type MergeChoices } from './client-merge';

const survivor: MergeableClient & { id: string } = {
  id: 'survivor',
  name: 'Anna',
  status: 'NEW',
  personalManagerId: 'manager-a',
  tags: ['VIP', 'retail'],
  fields: [
    { name: 'City', value: 'Moscow' },
    { name: 'Contract', value: 'A-1' },
  ],
  companyIds: ['c1'],
  spam: false,
};

const merged: MergeableClient = {
  name: 'Anna Petrova',
  status: 'COMPLETED',
  personalManagerId: null,
  tags: ['vip', 'wholesale'],
  fields: [
    { name: 'city', value: 'Minsk' },
    { name: 'Birthday', value: '01.02' },
  ],
  companyIds: ['c2', 'c1'],
  spam: true,
};

const choices = (over: Partial<MergeChoices> = {}): MergeChoices => ({
  name: 'survivor',
  status: 'survivor',
  personalManagerId: 'survivor',
  fields: [],
  ...over,
});

describe('mergeClientRows', () => {
  it('keeps the survivor’s own values when nothing else is chosen, and its identity always', () => {
    const row = mergeClientRows(survivor, merged, choices());
    expect(row).toMatchObject({
      id: 'survivor',
      name: 'Anna',
      status: 'NEW',
      personalManagerId: 'manager-a',
    });
  });

  it('takes name, status and manager from the side chosen for each', () => {
    const row = mergeClientRows(
      survivor,
      merged,
      choices({ name: 'merged', personalManagerId: 'merged' }),
    );
    expect(row).toMatchObject({ name: 'Anna Petrova', status: 'NEW', personalManagerId: null });
  });

  it('unites tags regardless of case, the survivor’s spelling and order first', () => {
    expect(mergeClientRows(survivor, merged, choices()).tags).toEqual([
      'VIP',
      'retail',
      'wholesale',
    ]);
  });

  it('unites companies without repeating one', () => {
    expect(mergeClientRows(survivor, merged, choices()).companyIds).toEqual(['c1', 'c2']);
  });

  it('unites fields by name regardless of case; a name both hold takes the chosen side, else the survivor’s', () => {
    expect(mergeClientRows(survivor, merged, choices()).fields).toEqual([
      { name: 'City', value: 'Moscow' },
      { name: 'Contract', value: 'A-1' },
      { name: 'Birthday', value: '01.02' },
    ]);
    const chosen = mergeClientRows(
      survivor,
      merged,
      choices({ fields: [{ name: 'CITY', side: 'merged' }] }),
    );
    expect(chosen.fields).toEqual([
      { name: 'city', value: 'Minsk' },
      { name: 'Contract', value: 'A-1' },
      { name: 'Birthday', value: '01.02' },
    ]);
  });

  it('is spam when either profile was', () => {
    expect(mergeClientRows(survivor, merged, choices()).spam).toBe(true);
    expect(mergeClientRows(survivor, { ...merged, spam: false }, choices()).spam).toBe(false);
  });

  it('leaves its inputs as they were', () => {
    const before = JSON.stringify([survivor, merged]);
    mergeClientRows(survivor, merged, choices({ fields: [{ name: 'city', side: 'merged' }] }));
    expect(JSON.stringify([survivor, merged])).toBe(before);
  });
});
