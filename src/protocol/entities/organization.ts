import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';
import { OPTIONS } from '../rights';

export const LanguageSchema = v.picklist(['en', 'ru']);

/** A client organization (spec §3). Balance is a decimal string so money never rounds. */
export const OrganizationSchema = v.object({
  id: IdSchema,
  login: v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.organizationLoginMax)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.organizationNameMax)),
  adminEmail: v.pipe(v.string(), v.email()),
  status: v.picklist(['active', 'deactivated']),
  tariff: v.string(),
  tariffStartedAt: TimestampSchema,
  balance: v.string(),
  language: LanguageSchema,
  /** Operators that may be In work at once (spec §6 licence count). */
  licenseCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When true a chat cannot be closed without a request category (spec §4). */
  usesCategories: v.boolean(),
  /**
   * The IANA zone whose local days the reports count in (Europe/Moscow unless set: the product's
   * users are mostly in Russia). Set with `organization.setTimeZone` (docs/reports.md).
   */
  timeZone: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  options: v.array(v.picklist(OPTIONS)),
  updatedAt: TimestampSchema,
});
export type Organization = v.InferOutput<typeof OrganizationSchema>;
