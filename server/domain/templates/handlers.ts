import type { AreaHandlers } from '../core/area-handlers';
import {
  templateCategoryCreate,
  templateCategoryDelete,
  templateCategoryUpdate,
} from './template-category-save';
import { templateCreate, templateDelete, templateUpdate } from './template-save';

/** Reply templates and their categories (docs/categories-and-templates.md). */
export const templateHandlers = {
  'templateCategory.create': templateCategoryCreate,
  'templateCategory.update': templateCategoryUpdate,
  'templateCategory.delete': templateCategoryDelete,
  'template.create': templateCreate,
  'template.update': templateUpdate,
  'template.delete': templateDelete,
} satisfies AreaHandlers;
