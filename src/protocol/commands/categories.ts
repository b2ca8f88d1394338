import * as v from 'valibot';
import { IdSchema } from '../ids';
import { commandArea } from './command-area';

/**
 * A category name as sent. Its own limits (1–128 characters, no refused character) are the
 * handler's to name — SESSION_CATEGORY_INVALID_NAME, SESSION_CATEGORY_NAME_TOO_LONG (spec §8) —
 * so the schema only bounds what it reads.
 */
const CategoryNameSent = v.pipe(v.string(), v.maxLength(4096));

/** The teams a category is offered to; empty means every team. */
const TeamIds = v.pipe(v.array(IdSchema), v.maxLength(500));

/**
 * A new request category (spec §3): a category when `parentId` is null, else a topic or a
 * subtopic under it — three levels at most (docs/categories-and-templates.md).
 */
export const RequestCategoryCreatePayload = v.object({
  categoryId: IdSchema,
  parentId: v.nullable(IdSchema),
  name: CategoryNameSent,
  teamIds: TeamIds,
});

/** Renames a request category and sets the teams it is offered to. */
export const RequestCategoryUpdatePayload = v.object({
  categoryId: IdSchema,
  name: CategoryNameSent,
  teamIds: TeamIds,
});

/** Moves a category (with its children) under another parent, or to the top level (null). */
export const RequestCategoryMovePayload = v.object({
  categoryId: IdSchema,
  parentId: v.nullable(IdSchema),
});

/**
 * Removes a category with its children: each one a chat carries is retired (kept for history,
 * hidden from pickers), the others are deleted.
 */
export const RequestCategoryDeletePayload = v.object({ categoryId: IdSchema });

/** The organization's "categories required" setting: no chat closes without one (spec §4). */
export const OrganizationSetUsesCategoriesPayload = v.object({ usesCategories: v.boolean() });

/** Request categories and whether closing a chat needs one (docs/categories-and-templates.md). */
export const CATEGORY_COMMANDS = commandArea(
  {
    'requestCategory.create': RequestCategoryCreatePayload,
    'requestCategory.update': RequestCategoryUpdatePayload,
    'requestCategory.move': RequestCategoryMovePayload,
    'requestCategory.delete': RequestCategoryDeletePayload,
    'organization.setUsesCategories': OrganizationSetUsesCategoriesPayload,
  },
  [
    'requestCategory.create',
    'requestCategory.update',
    'requestCategory.move',
    'requestCategory.delete',
    'organization.setUsesCategories',
  ],
);
