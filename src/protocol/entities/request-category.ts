import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';

/** A request category; topics and subtopics are children (three levels, spec §3). */
export const RequestCategorySchema = v.object({
  id: IdSchema,
  parentId: v.nullable(IdSchema),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.categoryNameMax)),
  /** Teams that may use it; empty means all teams. */
  teamIds: v.array(IdSchema),
  /**
   * Removed while chats carried it: pickers hide it, history still names it
   * (docs/categories-and-templates.md).
   */
  retired: v.boolean(),
});
export type RequestCategory = v.InferOutput<typeof RequestCategorySchema>;
