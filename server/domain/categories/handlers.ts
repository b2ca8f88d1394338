import type { AreaHandlers } from '../core/area-handlers';
import { requestCategoryDelete } from './request-category-delete';
import {
  requestCategoryCreate,
  requestCategoryMove,
  requestCategoryUpdate,
} from './request-category-save';
import { organizationSetUsesCategories } from './uses-categories';

/** Request categories and the "categories required" rule (docs/categories-and-templates.md). */
export const categoryHandlers = {
  'requestCategory.create': requestCategoryCreate,
  'requestCategory.update': requestCategoryUpdate,
  'requestCategory.move': requestCategoryMove,
  'requestCategory.delete': requestCategoryDelete,
  'organization.setUsesCategories': organizationSetUsesCategories,
} satisfies AreaHandlers;
