import * as v from 'valibot';
import { IdSchema } from '../ids';
import { SafeText } from '../text';
import { TemplateCategorySchema, TemplateSchema } from '../entities/template';
import { commandArea } from './command-area';

/** The teams a template or template category is offered to; empty means every team. */
const TeamIds = v.pipe(v.array(IdSchema), v.maxLength(500));

/** A template category saved whole: its name and the teams it is offered to. */
export const TemplateCategorySavePayload = v.object({
  templateCategoryId: IdSchema,
  name: v.pipe(TemplateCategorySchema.entries.name, SafeText),
  teamIds: TeamIds,
});

/** Deletes a template category no template is filed under (TEMPLATE_CATEGORY_IN_USE). */
export const TemplateCategoryDeletePayload = v.object({ templateCategoryId: IdSchema });

/**
 * A reply template saved whole (spec §3): title, text, template category and teams. The category
 * may be sent null so that the handler names the missing choice (spec §5,
 * TEMPLATE_CATEGORY_NOT_SELECTED) rather than a bare validation failure.
 */
export const TemplateSavePayload = v.object({
  templateId: IdSchema,
  title: v.pipe(TemplateSchema.entries.title, SafeText),
  text: v.pipe(TemplateSchema.entries.text, SafeText),
  categoryId: v.nullable(IdSchema),
  teamIds: TeamIds,
});

export const TemplateDeletePayload = v.object({ templateId: IdSchema });

/** Reply templates and their categories (docs/categories-and-templates.md). */
export const TEMPLATE_COMMANDS = commandArea(
  {
    'templateCategory.create': TemplateCategorySavePayload,
    'templateCategory.update': TemplateCategorySavePayload,
    'templateCategory.delete': TemplateCategoryDeletePayload,
    'template.create': TemplateSavePayload,
    'template.update': TemplateSavePayload,
    'template.delete': TemplateDeletePayload,
  },
  [
    'templateCategory.create',
    'templateCategory.update',
    'templateCategory.delete',
    'template.create',
    'template.update',
    'template.delete',
  ],
);
