import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';

/**
 * A registered messenger template (spec §3): the one kind of message a messenger (WhatsApp) lets
 * a business send once the customer's 24-hour session has ended, and only after the messenger has
 * approved it. Written here, submitted to the provider, reviewed there; docs/messenger-templates.md.
 */

/** The spec's "type": what the provider reviews and prices the template as (Meta's categories). */
export const MESSENGER_TEMPLATE_CATEGORIES = ['utility', 'marketing', 'authentication'] as const;
export type MessengerTemplateCategory = (typeof MESSENGER_TEMPLATE_CATEGORIES)[number];

/** Russian or English (spec §3), as the provider's language codes name them. */
export const MESSENGER_TEMPLATE_LANGUAGES = ['ru', 'en'] as const;
export type MessengerTemplateLanguage = (typeof MESSENGER_TEMPLATE_LANGUAGES)[number];

/**
 * Where a template is in its life:
 * - `draft`: written here, not submitted; editable.
 * - `submitting`: the submission is on its way to the provider (kept and retried until it gets there).
 * - `pending`: the provider has it and is reviewing it.
 * - `approved`: may be sent. `paused` / `disabled`: the provider stopped it (customers' feedback).
 * - `rejected`: refused with the provider's reason; editable and submittable again.
 * - `deleting`: deleted here, being removed at the provider; gone from every list.
 */
export const MESSENGER_TEMPLATE_STATUSES = [
  'draft',
  'submitting',
  'pending',
  'approved',
  'rejected',
  'paused',
  'disabled',
  'deleting',
] as const;
export type MessengerTemplateStatus = (typeof MESSENGER_TEMPLATE_STATUSES)[number];

/** The spec's button types: a quick reply the customer taps, a link opened, a number called. */
export const MESSENGER_BUTTON_KINDS = ['quick_reply', 'url', 'phone'] as const;
export type MessengerButtonKind = (typeof MESSENGER_BUTTON_KINDS)[number];

/**
 * The provider's limits of a template (Meta's message template guidelines): they are refused at
 * submission otherwise, so the form refuses them first.
 */
export const MESSENGER_TEMPLATE_LIMITS = {
  nameMax: 512,
  headerMax: 60,
  textMax: 1024,
  footerMax: 60,
  buttonsMax: 10,
  buttonTextMax: 25,
  urlButtonsMax: 2,
  phoneButtonsMax: 1,
  linkMax: 2000,
  /** One variable's value as sent. */
  parameterMax: 1024,
} as const;

const L = MESSENGER_TEMPLATE_LIMITS;

export const MessengerTemplateButtonSchema = v.object({
  kind: v.picklist(MESSENGER_BUTTON_KINDS, 'VALIDATION_FAILED'),
  /** What the button says. */
  text: v.pipe(
    v.string('BUTTON_NAME_EMPTY'),
    v.trim(),
    v.minLength(1, 'BUTTON_NAME_EMPTY'),
    v.maxLength(L.buttonTextMax, 'BUTTON_TEXT_TOO_LONG'),
  ),
  /** The spec's "action and link": the address a `url` button opens, the number a `phone` one calls; empty for a quick reply. */
  link: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(L.linkMax)), ''),
});
export type MessengerTemplateButton = v.InferOutput<typeof MessengerTemplateButtonSchema>;

/** The synced row (`messengerTemplates`): what every screen of the organization reads. */
export const MessengerTemplateSchema = v.object({
  id: IdSchema,
  channelId: IdSchema,
  name: v.string(),
  category: v.picklist(MESSENGER_TEMPLATE_CATEGORIES),
  language: v.picklist(MESSENGER_TEMPLATE_LANGUAGES),
  /** The spec's "header/title"; null when there is none. */
  header: v.nullable(v.string()),
  text: v.string(),
  footer: v.nullable(v.string()),
  buttons: v.array(MessengerTemplateButtonSchema),
  status: v.picklist(MESSENGER_TEMPLATE_STATUSES),
  /** The provider's reason for a rejection or a pause; the last submission's error while it retries. */
  reason: v.nullable(v.string()),
  /** The spec's registration date: when the provider took the submission. */
  registeredAt: v.nullable(TimestampSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type MessengerTemplate = v.InferOutput<typeof MessengerTemplateSchema>;
