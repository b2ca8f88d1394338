import {
  templateVariables,
  type MessengerTemplateButton,
  type SentTemplate,
} from '../../../src/protocol';
import type { ProviderTemplate } from '../adapter';

/**
 * Registered templates in the Cloud API's words (developers.facebook.com/docs/whatsapp/business-
 * management-api/message-templates and …/cloud-api/guides/send-message-templates). Pure.
 */

/** Meta's language codes for the spec's two languages. */
const LANGUAGE_CODES = { ru: 'ru', en: 'en' } as const;
/** A stored template's language as Meta names it; one Meta gave us already is kept as it is. */
const languageCode = (language: string): string =>
  language in LANGUAGE_CODES ? LANGUAGE_CODES[language as keyof typeof LANGUAGE_CODES] : language;

/**
 * Meta reviews a template with a variable only with an example value for each; the form has no
 * place for examples yet, so each is named by its number (docs/messenger-templates.md).
 */
const examplesOf = (text: string): string[] =>
  templateVariables(text).map((number) => `example ${String(number)}`);

/**
 * Buttons as Meta takes them: quick replies grouped before the links and numbers (Meta refuses
 * them interleaved), each group in the order written.
 */
function buttonsOf(buttons: readonly MessengerTemplateButton[]) {
  const ordered = [
    ...buttons.filter((button) => button.kind === 'quick_reply'),
    ...buttons.filter((button) => button.kind !== 'quick_reply'),
  ];
  return ordered.map((button) => {
    if (button.kind === 'url') return { type: 'URL', text: button.text, url: button.link };
    if (button.kind === 'phone')
      return {
        type: 'PHONE_NUMBER',
        text: button.text,
        phone_number: `+${button.link.replace(/\D/g, '')}`,
      };
    return { type: 'QUICK_REPLY', text: button.text };
  });
}

/** The body of POST /{WABA}/message_templates for a template written here. */
export function templateSubmission(template: ProviderTemplate): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (template.header !== null) {
    const examples = examplesOf(template.header);
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: template.header,
      ...(examples.length > 0 ? { example: { header_text: examples } } : {}),
    });
  }
  const bodyExamples = examplesOf(template.text);
  components.push({
    type: 'BODY',
    text: template.text,
    ...(bodyExamples.length > 0 ? { example: { body_text: [bodyExamples] } } : {}),
  });
  if (template.footer !== null) components.push({ type: 'FOOTER', text: template.footer });
  if (template.buttons.length > 0)
    components.push({ type: 'BUTTONS', buttons: buttonsOf(template.buttons) });
  return {
    name: template.name,
    language: LANGUAGE_CODES[template.language],
    category: template.category.toUpperCase(),
    components,
  };
}

const textParameters = (values: readonly string[]) =>
  values.map((text) => ({ type: 'text', text }));

/** The message object of a template sent with its values (type `template`). */
export function templateMessage(sent: SentTemplate, recipient: string): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (sent.parameters.header.length > 0)
    components.push({ type: 'header', parameters: textParameters(sent.parameters.header) });
  if (sent.parameters.body.length > 0)
    components.push({ type: 'body', parameters: textParameters(sent.parameters.body) });
  return {
    to: recipient,
    type: 'template',
    template: {
      name: sent.name,
      language: { code: languageCode(sent.language) },
      ...(components.length > 0 ? { components } : {}),
    },
  };
}

/**
 * Meta's template statuses (the create answer's `status`, the webhook's `event`) in ours; an
 * event we do not follow (FLAGGED, a category change) is null and changes nothing.
 */
export function templateStatusOf(
  event: string,
): 'pending' | 'approved' | 'rejected' | 'paused' | 'disabled' | null {
  switch (event.toUpperCase()) {
    case 'PENDING':
    case 'IN_APPEAL':
      return 'pending';
    case 'APPROVED':
    case 'REINSTATED':
      return 'approved';
    case 'REJECTED':
      return 'rejected';
    case 'PAUSED':
      return 'paused';
    case 'DISABLED':
    case 'PENDING_DELETION':
      return 'disabled';
    default:
      return null;
  }
}
