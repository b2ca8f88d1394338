import * as v from 'valibot';
import { ChannelSetThresholdsPayload, LIMITS, type Channel } from '../../protocol';
import type { FieldProblem } from '../../ui/forms/field-problems';

export type ThresholdsSave = v.InferOutput<typeof ChannelSetThresholdsPayload>;
/** Minutes as typed; empty means the threshold is off. */
export type ThresholdsValues = { halfExpiredMinutes: string; expiredMinutes: string };
export type ThresholdField = keyof ThresholdsValues;
/** A field's problem, or the half-expired threshold not coming before the expired one. */
export type ThresholdProblem = FieldProblem | { kind: 'order' };

export const thresholdsDefaults = (channel: Channel): ThresholdsValues => ({
  halfExpiredMinutes: channel.halfExpiredMinutes === null ? '' : String(channel.halfExpiredMinutes),
  expiredMinutes: channel.expiredMinutes === null ? '' : String(channel.expiredMinutes),
});

const minutesOf = (typed: string): number | null | 'wrong' => {
  if (typed.trim() === '') return null;
  const n = Number(typed);
  return Number.isInteger(n) && n >= 1 && n <= LIMITS.storedIntegerMax ? n : 'wrong';
};

/**
 * The delay thresholds (spec §3, §4): whole minutes from 1, or empty for off; when both are on,
 * the half-expired one comes first, or a chat would turn red before it ever turned yellow.
 */
export function checkThresholdsForm(
  values: ThresholdsValues,
  channelId: string,
):
  | { ok: true; payload: ThresholdsSave }
  | { ok: false; problems: Partial<Record<ThresholdField, ThresholdProblem>> } {
  const half = minutesOf(values.halfExpiredMinutes);
  const expired = minutesOf(values.expiredMinutes);
  const problems: Partial<Record<ThresholdField, ThresholdProblem>> = {};
  if (half === 'wrong') problems.halfExpiredMinutes = { kind: 'wholeNumber' };
  if (expired === 'wrong') problems.expiredMinutes = { kind: 'wholeNumber' };
  if (half !== 'wrong' && expired !== 'wrong') {
    const parsed = v.safeParse(ChannelSetThresholdsPayload, {
      channelId,
      halfExpiredMinutes: half,
      expiredMinutes: expired,
    });
    if (parsed.success) return { ok: true, payload: parsed.output };
    problems.halfExpiredMinutes = { kind: 'order' };
  }
  return { ok: false, problems };
}
