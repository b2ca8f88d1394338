import type { AreaHandlers } from '../core/area-handlers';
import { messengerTemplateDelete, messengerTemplateSubmit } from './template-lifecycle';
import { messengerTemplateCreate, messengerTemplateUpdate } from './template-save';

/** Registered messenger templates (docs/messenger-templates.md). */
export const messengerTemplateHandlers = {
  'messengerTemplate.create': messengerTemplateCreate,
  'messengerTemplate.update': messengerTemplateUpdate,
  'messengerTemplate.submit': messengerTemplateSubmit,
  'messengerTemplate.delete': messengerTemplateDelete,
} satisfies AreaHandlers;
