import { CLOSE_CAUSES, type CloseCause } from './facts';
import type { Observation, PresenceState } from './observations';
import {
  emptyCounters,
  matchesFilter,
  statsOf,
  type ReportFilter,
  type RollupCounters,
} from './rollup';
import { ascending, durationStats, medianOfSorted, type DurationStats } from './stats';

/**
 * Who counts as a unique client: merged profiles resolve to their survivor (client_merges), and
 * spam or blacklisted clients are left out.
 */
export type ClientDirectory = {
  resolve: (clientId: string) => string;
  excluded: (clientId: string) => boolean;
};

/**
 * A directory from the merge aliases (merged id → survivor) and the clients to leave out (spam
 * flag, a blacklisted contact). Exclusion is judged on the survivor, whose flags a merge decides.
 */
export function clientDirectory(
  merges: Iterable<{ id: string; survivorId: string }>,
  excluded: Iterable<string>,
): ClientDirectory {
  const survivorOf = new Map<string, string>();
  for (const merge of merges) survivorOf.set(merge.id, merge.survivorId);
  const resolve = (clientId: string): string => {
    // The server keeps aliases one step deep; a chain (older data) is followed, a loop is not.
    let id = clientId;
    for (let hops = 0; hops < 16; hops++) {
      const next = survivorOf.get(id);
      if (next === undefined || next === id) break;
      id = next;
    }
    return id;
  };
  const out = new Set<string>();
  for (const id of excluded) out.add(resolve(id));
  return { resolve, excluded: (clientId) => out.has(resolve(clientId)) };
}

/** Ratings: how many, their mean and median, and each rating's share of them (0 to 1). */
export type Quality = {
  rated: number;
  mean: number | null;
  median: number | null;
  /** Index 0 is rating 1 (VERY_BAD) … index 4 is rating 5 (EXCELLENT). */
  counts: [number, number, number, number, number];
  shares: [number, number, number, number, number];
};

/** The report metrics of spec §3 for one slice (a period, under filters, maybe one key). */
export type ReportMetrics = {
  dialogs: number;
  uniqueClients: number;
  firstReply: DurationStats;
  replyTime: DurationStats;
  reaction: DurationStats;
  dialogTime: DurationStats;
  unansweredAssignments: number;
  missed: number;
  closed: number;
  closesByCause: Record<CloseCause, number>;
  categories: Record<string, number>;
  assigned: { bot: number; operator: number; team: number };
  transferred: number;
  quality: Quality;
  workingTime: Record<PresenceState, number>;
};

type Five = [number, number, number, number, number];

function quality(counts: Five): Quality {
  const rated = counts.reduce((a, b) => a + b, 0);
  const sum = counts.reduce((acc, n, i) => acc + n * (i + 1), 0);
  // The median of a five-bucket histogram: the rating(s) in the middle of the sorted list.
  const nth = (k: number): number => {
    let seen = 0;
    for (let i = 0; i < 5; i++) {
      seen += counts[i] ?? 0;
      if (k < seen) return i + 1;
    }
    return 5;
  };
  const median =
    rated === 0
      ? null
      : rated % 2 === 1
        ? nth(rated >> 1)
        : (nth((rated >> 1) - 1) + nth(rated >> 1)) / 2;
  return {
    rated,
    mean: rated === 0 ? null : sum / rated,
    median,
    counts: [...counts],
    shares: counts.map((n) => (rated === 0 ? 0 : n / rated)) as Five,
  };
}

const countUnique = (clients: Iterable<string>, directory: ClientDirectory): number => {
  const seen = new Set<string>();
  for (const client of clients)
    if (!directory.excluded(client)) seen.add(directory.resolve(client));
  return seen.size;
};

/** The metrics of combined roll-up rows (see `combine`). */
export function reportFromTotals(
  totals: RollupCounters,
  directory: ClientDirectory,
): ReportMetrics {
  return {
    dialogs: totals.dialogs,
    uniqueClients: countUnique(totals.clients, directory),
    firstReply: statsOf(totals.firstReply),
    replyTime: statsOf(totals.replyTime),
    reaction: statsOf(totals.reaction),
    dialogTime: statsOf(totals.dialogTime),
    unansweredAssignments: totals.unansweredAssignments,
    missed: totals.missed,
    closed: CLOSE_CAUSES.reduce((n, cause) => n + totals.closes[cause], 0),
    closesByCause: { ...totals.closes },
    categories: { ...totals.categories },
    assigned: { ...totals.assigned },
    transferred: totals.transferred,
    quality: quality(totals.ratings),
    workingTime: { ...totals.workingTime },
  };
}

/**
 * The same metrics straight from observations over `[start, end)`, with no roll-up: the
 * reference the roll-ups are tested against, and what a live view of today can use.
 */
export function reportFromObservations(
  observations: Iterable<Observation>,
  span: { start: number; end: number },
  filter: ReportFilter,
  directory: ClientDirectory,
): ReportMetrics {
  const durations = { firstReply: [], replyTime: [], reaction: [], dialogTime: [] } as Record<
    'firstReply' | 'replyTime' | 'reaction' | 'dialogTime',
    number[]
  >;
  const clients: string[] = [];
  const ratingList: number[] = [];
  // Starts from zero counts; every number below is gathered here, not through `combine`.
  const metrics = reportFromTotals(emptyCounters(), directory);
  for (const o of observations) {
    if (o.at < span.start || o.at >= span.end || !matchesFilter(o, filter)) continue;
    switch (o.metric) {
      case 'dialog':
        metrics.dialogs += 1;
        clients.push(o.clientId);
        break;
      case 'firstReply':
      case 'replyTime':
      case 'reaction':
      case 'dialogTime':
        durations[o.metric].push(o.ms);
        break;
      case 'unansweredAssignment':
        metrics.unansweredAssignments += 1;
        break;
      case 'missed':
        metrics.missed += 1;
        break;
      case 'closed':
        metrics.closed += 1;
        metrics.closesByCause[o.cause] += 1;
        if (o.categoryId)
          metrics.categories[o.categoryId] = (metrics.categories[o.categoryId] ?? 0) + 1;
        break;
      case 'assigned':
        metrics.assigned[o.to] += 1;
        break;
      case 'transferred':
        metrics.transferred += 1;
        break;
      case 'rated':
        ratingList.push(o.rating);
        break;
      case 'workingTime':
        metrics.workingTime[o.state] += o.ms;
        break;
    }
  }
  metrics.uniqueClients = countUnique(clients, directory);
  metrics.firstReply = durationStats(durations.firstReply);
  metrics.replyTime = durationStats(durations.replyTime);
  metrics.reaction = durationStats(durations.reaction);
  metrics.dialogTime = durationStats(durations.dialogTime);
  const counts: Five = [0, 0, 0, 0, 0];
  for (const rating of ratingList) counts[rating - 1] = (counts[rating - 1] ?? 0) + 1;
  const rated = ratingList.length;
  metrics.quality = {
    rated,
    mean: rated === 0 ? null : ratingList.reduce((a, b) => a + b, 0) / rated,
    median: medianOfSorted(ascending(ratingList)),
    counts,
    shares: counts.map((n) => (rated === 0 ? 0 : n / rated)) as Five,
  };
  return metrics;
}
