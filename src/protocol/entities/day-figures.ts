import * as v from 'valibot';
import { IdSchema } from '../ids';

/** Milliseconds, ascending: every duration of the day, so a median is exact (metrics/rollup.ts). */
const DurationListSchema = v.array(v.pipe(v.number(), v.integer(), v.minValue(0)));

/**
 * Today's figures of one (channel, team, operator) combination, for online monitoring's averages
 * and day counts (docs/monitoring.md "Today's figures"). The reports worker writes them from the
 * very roll-up rows the reports read, so a supervisor's monitoring and today's report agree to
 * the millisecond. Synced only to holders of AUTHORITY_ALL_STAT (sync group `stats`). A row is
 * replaced as the day goes on; one whose `day` is not today is left over from an earlier day.
 */
export const DayFiguresSchema = v.object({
  /** Derived from the organization and the three dimensions (metrics/day-figures.ts). */
  id: IdSchema,
  /** The organization's local day (YYYY-MM-DD, its report time zone). */
  day: v.pipe(v.string(), v.isoDate()),
  channelId: v.nullable(IdSchema),
  teamId: v.nullable(IdSchema),
  operatorId: v.nullable(IdSchema),
  /** First reply times of the day (docs/metrics.md `firstReplyTimes`). */
  firstReply: DurationListSchema,
  /** Operator reactions of the day (`reactionTimes`). */
  reaction: DurationListSchema,
  /** Chats given to an operator this day. */
  assigned: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Chats closed this day, every cause. */
  closed: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type DayFigures = v.InferOutput<typeof DayFiguresSchema>;
