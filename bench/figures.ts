import { writeFileSync } from 'node:fs';

/**
 * One measured figure as `npm run bench` tabulates it (bench/run.ts): every benchmark script
 * reports its figures in this shape, beside its own detailed print-out.
 */
export type Figure = {
  /** Stable across runs, so two result files can be compared: "server.ingest.postgres". */
  id: string;
  /** What was measured, as the table's first column says it. */
  what: string;
  value: number;
  unit: Unit;
  /** Which statistic `value` is when it summarizes a sample: 'p95', 'p99', 'median'. */
  stat?: string;
  /** The DESIGN §6 or spec §9 budget the value is held to, if one is. */
  budget?: Bound;
  /** The same work done by an established reference in the same run: a raw Dexie bulkPut, RxDB. */
  reference?: { what: string; value: number };
  /**
   * The budget on the ratio to the reference (ratioOf), where DESIGN §6 states one: "≤ 1.5 × a
   * raw bulkPut". A ratio above 1 always means ours costs more than the reference.
   */
  ratioBudget?: Bound;
  /** Anything the reader needs to read the figure right (sample size, what was left out). */
  note?: string;
};

export type Unit = 'ms' | 's' | '/s' | 'KB' | '×' | '' | 'count';
export type Bound = { op: '<=' | '>='; value: number };

/** Figures whose unit is a rate: for these, the reference ratio is reference ÷ value instead. */
const RATES: readonly Unit[] = ['/s'];

/**
 * The figure's ratio to its reference, oriented so that the ratio budget reads as DESIGN §6
 * writes it: for a rate ("bootstrap ≤ 1.5 × a raw bulkPut") the time it takes relative to the
 * reference's time, i.e. reference rate ÷ our rate; for a time, ours ÷ the reference's.
 */
export function ratioOf(figure: Figure): number | undefined {
  const reference = figure.reference?.value;
  if (reference === undefined || reference <= 0 || figure.value <= 0) return undefined;
  return RATES.includes(figure.unit) ? reference / figure.value : figure.value / reference;
}

const holds = (value: number, bound: Bound): boolean =>
  bound.op === '<=' ? value <= bound.value : value >= bound.value;

/** Pass when every bound the figure carries holds; '' when it carries none. */
export function verdict(figure: Figure): 'pass' | 'miss' | '' {
  const ratio = ratioOf(figure);
  const checks: boolean[] = [];
  if (figure.budget) checks.push(holds(figure.value, figure.budget));
  if (figure.ratioBudget && ratio !== undefined) checks.push(holds(ratio, figure.ratioBudget));
  if (checks.length === 0) return '';
  return checks.every(Boolean) ? 'pass' : 'miss';
}

/**
 * Hands a script's figures to the `npm run bench` run that started it (BENCH_REPORT names the
 * file); a script started alone just prints its own table.
 */
export function reportFigures(figures: readonly Figure[]): void {
  const file = process.env.BENCH_REPORT;
  if (file) writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}
