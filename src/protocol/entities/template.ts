import * as v from 'valibot';
import { IdSchema } from '../ids';

/** A group of reply templates, open to some teams (empty: every team). */
export const TemplateCategorySchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  teamIds: v.array(IdSchema),
});
export type TemplateCategory = v.InferOutput<typeof TemplateCategorySchema>;

/**
 * A quick-reply template (spec §3: text, category, teams available to). `title` is the short name
 * operators pick it by in the composer.
 */
export const TemplateSchema = v.object({
  id: IdSchema,
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(4000)),
  categoryId: v.nullable(IdSchema),
  teamIds: v.array(IdSchema),
});
export type Template = v.InferOutput<typeof TemplateSchema>;
