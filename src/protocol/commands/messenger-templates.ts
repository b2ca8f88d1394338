import * as v from 'valibot';
import { IdSchema } from '../ids';
import { SafeText } from '../text';
import {
  MESSENGER_TEMPLATE_CATEGORIES,
  MESSENGER_TEMPLATE_LANGUAGES,
  MESSENGER_TEMPLATE_LIMITS as L,
  MessengerTemplateButtonSchema,
} from '../entities/messenger-template';
import { commandArea } from './command-area';

/** An optional part (header, footer): empty is none. */
const optionalPart = (max: number) =>
  v.pipe(
    v.nullable(v.pipe(v.string(), v.trim(), SafeText, v.maxLength(max))),
    v.transform((value) => (value === null || value === '' ? null : value)),
  );

/**
 * A registered messenger template as written (spec §3: type, header, text, footer, buttons,
 * language). Saved as a draft; the provider sees it only once submitted
 * (docs/messenger-templates.md). The name is the provider's key with the language, so it is kept
 * as the provider takes it (MESSENGER_TEMPLATE_NAME), checked with the other rules by
 * `templateProblem`.
 */
export const MessengerTemplateSavePayload = v.object({
  templateId: IdSchema,
  channelId: IdSchema,
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'MESSENGER_TEMPLATE_NAME_INVALID'),
    v.maxLength(L.nameMax, 'MESSENGER_TEMPLATE_NAME_INVALID'),
  ),
  category: v.picklist(MESSENGER_TEMPLATE_CATEGORIES, 'VALIDATION_FAILED'),
  language: v.picklist(MESSENGER_TEMPLATE_LANGUAGES, 'VALIDATION_FAILED'),
  header: optionalPart(L.headerMax),
  text: v.pipe(
    v.string(),
    v.trim(),
    SafeText,
    v.minLength(1, 'EMPTY_MESSAGE'),
    v.maxLength(L.textMax),
  ),
  footer: optionalPart(L.footerMax),
  buttons: v.pipe(
    v.array(MessengerTemplateButtonSchema),
    v.maxLength(L.buttonsMax, 'TOO_MANY_BUTTONS'),
  ),
});

/** Sends a draft or a rejected template to the provider for review. */
export const MessengerTemplateSubmitPayload = v.object({ templateId: IdSchema });

/** Deletes a template here and, once it is registered, at the provider. */
export const MessengerTemplateDeletePayload = v.object({ templateId: IdSchema });

/** Registered messenger templates (`/admin/preferences/templates/whats-app`). */
export const MESSENGER_TEMPLATE_COMMANDS = commandArea(
  {
    'messengerTemplate.create': MessengerTemplateSavePayload,
    'messengerTemplate.update': MessengerTemplateSavePayload,
    'messengerTemplate.submit': MessengerTemplateSubmitPayload,
    'messengerTemplate.delete': MessengerTemplateDeletePayload,
  },
  [
    'messengerTemplate.create',
    'messengerTemplate.update',
    'messengerTemplate.submit',
    'messengerTemplate.delete',
  ],
);
