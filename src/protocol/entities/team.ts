import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';

export const DISTRIBUTION_METHODS = ['round_robin', 'least_busy'] as const;

const minutes = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max));

/**
 * How a team distributes and closes chats (spec §3, §5): the Distribution part of a team, set on
 * its own by `team.setDistribution`.
 */
export const TEAM_DISTRIBUTION_FIELDS = {
  distributionMethod: v.picklist(DISTRIBUTION_METHODS),
  /** Simultaneous dialogs per operator of this team. */
  dialogLimit: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(LIMITS.dialogLimitMin),
    v.maxValue(LIMITS.dialogLimitMax),
  ),
  /** Minutes an assigned chat may wait for the operator's answer before it is routed again. */
  redistributionMinutes: v.nullable(minutes(LIMITS.redistributionMinutesMax)),
  /** Minutes of customer inactivity after the operator's reply that close the chat. */
  autoCloseMinutes: v.nullable(minutes(LIMITS.autoCloseMinutesMax)),
  /** Unattended chats close after 24, 48 or 72 hours; 0 means never. */
  unattendedCloseHours: v.picklist(LIMITS.unattendedCloseHours),
  /** 0 or above 23 (spec §5, server-side rule). */
  inactivityMinutes: v.pipe(
    v.number(),
    v.integer(),
    v.check((n) => n === 0 || n > 23, 'INACTIVITY_TIME_INVALID'),
    v.maxValue(LIMITS.storedIntegerMax),
  ),
};

export const TeamSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.teamNameMax)),
  description: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.teamDescriptionMax)),
  ...TEAM_DISTRIBUTION_FIELDS,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Team = v.InferOutput<typeof TeamSchema>;
