import { ratioOf, verdict, type Bound, type Figure } from './figures';
import { formatTable } from './stats';

/** One `npm run bench` run as bench/results/run-<time>.json holds it. */
export type RunResult = {
  at: string;
  machine: { node: string; cpus: number; cpuModel: string | null };
  size: { seed: number; chats: number; messages: number };
  seconds: number;
  scripts: { name: string; code: number; seconds: number }[];
  figures: Figure[];
};

/** A number as a reader takes it in: no more digits than the size needs. */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  if (Number.isInteger(value) || magnitude >= 1000) return Math.round(value).toLocaleString('en');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const withUnit = (value: number, unit: Figure['unit']): string => {
  if (unit === '' || unit === 'count') return formatNumber(value);
  return unit === '/s' ? `${formatNumber(value)}/s` : `${formatNumber(value)} ${unit}`;
};

const bound = (b: Bound, unit: Figure['unit']) =>
  `${b.op === '<=' ? '≤' : '≥'} ${withUnit(b.value, unit)}`;

/** The run's table: figure, value, budget, reference, ratio (ours ÷ reference in cost), result. */
export function figureTable(figures: readonly Figure[]): string {
  const body = figures.map((figure) => {
    const ratio = ratioOf(figure);
    const budgets = [
      figure.budget ? bound(figure.budget, figure.unit) : '',
      figure.ratioBudget ? `ratio ${bound(figure.ratioBudget, '×')}` : '',
    ].filter(Boolean);
    return [
      figure.what,
      `${withUnit(figure.value, figure.unit)}${figure.stat ? ` ${figure.stat}` : ''}`,
      budgets.join(', '),
      figure.reference
        ? `${figure.reference.what}: ${withUnit(figure.reference.value, figure.unit)}`
        : '',
      ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
      verdict(figure),
    ];
  });
  return formatTable(['figure', 'value', 'budget', 'reference', 'ratio', 'result'], body, 1);
}

/**
 * Every figure the two runs share: A's value, B's, and B ÷ A oriented like the reference ratios
 * (above 1: B costs more, i.e. is slower for times and lower for rates).
 */
export function compareRuns(a: RunResult, b: RunResult): string {
  const before = new Map(a.figures.map((figure) => [figure.id, figure]));
  const body: string[][] = [];
  for (const after of b.figures) {
    const old = before.get(after.id);
    if (!old) continue;
    const change = ratioOf({ ...after, reference: { what: 'run A', value: old.value } });
    body.push([
      after.what,
      withUnit(old.value, old.unit),
      withUnit(after.value, after.unit),
      change === undefined ? '' : `${change.toFixed(2)}×`,
      `${verdict(old) || '—'} → ${verdict(after) || '—'}`,
    ]);
  }
  const header = `A: ${a.at} (${String(a.machine.cpus)} CPUs)\nB: ${b.at} (${String(b.machine.cpus)} CPUs)\n`;
  return `${header}\n${formatTable(['figure', 'A', 'B', 'B ÷ A in cost', 'result'], body, 1)}`;
}
