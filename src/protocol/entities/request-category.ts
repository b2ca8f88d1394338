import * as v from 'valibot';
import { IdSchema } from '../ids';

/** A request category; topics and subtopics are children (three levels, spec §3). */
export const RequestCategorySchema = v.object({
  id: IdSchema,
  parentId: v.nullable(IdSchema),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128)),
  /** Teams that may use it; empty means all teams. */
  teamIds: v.array(IdSchema),
});
export type RequestCategory = v.InferOutput<typeof RequestCategorySchema>;
