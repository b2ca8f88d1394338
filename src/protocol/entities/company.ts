import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';

/**
 * A company clients belong to (spec §1 "company links: link or create, CRM sync"). `outerId` is the
 * company's id in the organization's CRM, unique in the organization (OUTER_COMPANY_EXISTS).
 */
export const CompanySchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.companyNameMax)),
  outerId: v.nullable(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.outerIdMax))),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Company = v.InferOutput<typeof CompanySchema>;
