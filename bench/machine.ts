import { availableParallelism, cpus } from 'node:os';

/** The machine a run measured on, as the server benchmarks record it beside their figures. */
export function machine(): { node: string; cpus: number; cpuModel: string | null } {
  return { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null };
}

/** The same, for the first line a benchmark prints: "8 CPUs, 2 usable, Node v20.…". */
export const machineLine = (): string =>
  `${cpus().length} CPUs, ${availableParallelism()} usable, Node ${process.version}`;
