import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';
import { RIGHTS } from '../rights';

export const RoleSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.roleNameMax)),
  description: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.roleDescriptionMax)),
  rights: v.array(v.picklist(RIGHTS)),
  /** Built-in roles (Operator, Supervisor, Administrator) cannot be changed or deleted. */
  immutable: v.boolean(),
});
export type Role = v.InferOutput<typeof RoleSchema>;
