import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';
import { LanguageSchema } from './organization';

export const OPERATOR_STATUSES = ['in_work', 'break'] as const;
export const OperatorStatusSchema = v.picklist(OPERATOR_STATUSES);
export type OperatorStatus = v.InferOutput<typeof OperatorStatusSchema>;

/** A staff member as every colleague sees it; secrets (password, TOTP) never leave the server. */
export const UserSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.userNameMax)),
  email: v.pipe(v.string(), v.email()),
  phone: v.nullable(v.string()),
  photoUrl: v.nullable(v.string()),
  affiliation: v.nullable(v.string()),
  roleId: IdSchema,
  teamIds: v.array(IdSchema),
  /** Minutes without activity before the operator switches to Break; null disables it. */
  autoBreakMinutes: v.nullable(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.autoBreakMaxMinutes)),
  ),
  active: v.boolean(),
  language: LanguageSchema,
  operatorStatus: OperatorStatusSchema,
  online: v.boolean(),
  totpEnabled: v.boolean(),
  lastActivityAt: v.nullable(TimestampSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type User = v.InferOutput<typeof UserSchema>;
