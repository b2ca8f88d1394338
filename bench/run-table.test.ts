import { describe, expect, it } from 'vitest';
import { ratioOf, verdict, type Figure } from './figures';
import { compareRuns, figureTable, type RunResult } from './run-table';

const bootstrap: Figure = {
  id: 'browser.bootstrap.rate',
  what: 'bootstrap rows per second',
  value: 10_000,
  unit: '/s',
  budget: { op: '>=', value: 20_000 },
  reference: { what: 'raw Dexie bulkPut', value: 30_000 },
  ratioBudget: { op: '<=', value: 1.5 },
};
const reply: Figure = {
  id: 'browser.reply',
  what: 'send a reply',
  value: 12,
  stat: 'p95',
  unit: 'ms',
  budget: { op: '<=', value: 16 },
  reference: { what: 'frame floor', value: 15 },
};

describe('the bench table', () => {
  it('orients every ratio as cost against the reference: a slower rate and a longer time are above 1', () => {
    expect(ratioOf(bootstrap)).toBe(3);
    expect(ratioOf(reply)).toBeCloseTo(0.8);
    expect(ratioOf({ ...reply, reference: undefined })).toBeUndefined();
  });

  it('passes only when the budget and the ratio budget both hold', () => {
    expect(verdict(reply)).toBe('pass');
    expect(verdict(bootstrap)).toBe('miss');
    const withRaw = (value: number, raw: number): Figure => ({
      ...bootstrap,
      value,
      reference: { what: 'raw', value: raw },
    });
    expect(verdict(withRaw(25_000, 30_000))).toBe('pass'); // 1.2× the raw time, fast enough
    expect(verdict(withRaw(15_000, 18_000))).toBe('miss'); // close to raw, but under 20,000/s
    expect(verdict(withRaw(21_000, 40_000))).toBe('miss'); // fast enough, but 1.9× the raw time
    expect(verdict({ ...reply, budget: undefined })).toBe('');
  });

  it('prints the value with its statistic, the budget, the reference and the result', () => {
    const table = figureTable([reply, bootstrap]);
    const [header, , first, second] = table.split('\n');
    expect(header).toMatch(/figure\s+value\s+budget\s+reference\s+ratio\s+result/);
    expect(first).toMatch(
      /send a reply\s+12 ms p95\s+≤ 16 ms\s+frame floor: 15 ms\s+0\.80×\s+pass/,
    );
    expect(second).toMatch(/≥ 20,000\/s, ratio ≤ 1\.50 ×.*3\.00×\s+miss/);
  });

  it('compares two runs figure by figure, B against A in cost', () => {
    const run = (figures: Figure[]): RunResult => ({
      at: '2026-11-23T00:00:00Z',
      machine: { node: 'v20', cpus: 2, cpuModel: null },
      size: { seed: 1, chats: 10_000, messages: 200_000 },
      seconds: 600,
      scripts: [],
      figures,
    });
    const out = compareRuns(
      run([reply, bootstrap]),
      run([
        { ...reply, value: 24 },
        { ...bootstrap, value: 20_000 },
      ]),
    );
    expect(out).toMatch(/send a reply\s+12 ms\s+24 ms\s+2\.00×\s+pass → miss/);
    expect(out).toMatch(/bootstrap rows per second\s+10,000\/s\s+20,000\/s\s+0\.50×/);
  });
});
