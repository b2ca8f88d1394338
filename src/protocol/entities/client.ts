import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';

export const INNER_CLIENT_STATUSES = [
  'NEW',
  'POTENTIAL_CLIENT',
  'CONTACT_LATER',
  'COMPLETED',
  'NOT_OUR_CLIENT',
  'REFUSAL',
] as const;

/** A customer ("abonent") profile. */
export const ClientSchema = v.object({
  id: IdSchema,
  name: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  /** An inner status name or a custom status id. */
  status: v.string(),
  tags: v.array(v.string()),
  personalManagerId: v.nullable(IdSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Client = v.InferOutput<typeof ClientSchema>;
