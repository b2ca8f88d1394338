import type { ErrorName } from './errors';
import {
  MESSENGER_TEMPLATE_LIMITS as L,
  type MessengerTemplateButton,
} from './entities/messenger-template';

/**
 * The rules of a registered messenger template, pure (docs/messenger-templates.md): the form, the
 * server and the local provider in the tests read the same ones. They are the provider's own
 * (Meta's message template guidelines), so what passes here is not refused at submission for its
 * shape; only the provider's review decides the rest.
 */

/** Lowercase Latin letters, digits and underscores: the only names the provider registers. */
export const MESSENGER_TEMPLATE_NAME = /^[a-z0-9_]+$/;

/** What a template is made of, as written in the form. */
export type TemplateParts = {
  name: string;
  header: string | null;
  text: string;
  footer: string | null;
  buttons: readonly MessengerTemplateButton[];
};

export type TemplateProblem = {
  name: Extract<
    ErrorName,
    | 'MESSENGER_TEMPLATE_NAME_INVALID'
    | 'MESSENGER_TEMPLATE_VARIABLES_INVALID'
    | 'TOO_MANY_BUTTONS'
    | 'VALIDATION_FAILED'
    | 'INVALID_PHONE'
  >;
  /** The form field it belongs to: `name`, `header`, `text`, `footer`, `buttons`, `buttons.N.link`. */
  field: string;
  params?: Record<string, number>;
};

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The numbers of the variables in a text, in order of appearance ({{1}} … {{n}}). */
export function templateVariables(text: string): number[] {
  return [...text.matchAll(VARIABLE)].map((match) => Number(match[1]));
}

/** Numbered from 1 without gaps, each once: {{1}} {{2}} {{3}}. */
const numberedInOrder = (numbers: readonly number[]): boolean =>
  [...numbers].sort((a, b) => a - b).every((number, index) => number === index + 1) &&
  new Set(numbers).size === numbers.length;

/** How many values a template takes when sent: one for a header's variable, one per variable of the text. */
export function templateParameterCounts(parts: Pick<TemplateParts, 'header' | 'text'>): {
  header: number;
  body: number;
} {
  return {
    header: templateVariables(parts.header ?? '').length,
    body: templateVariables(parts.text).length,
  };
}

const isWebLink = (link: string): boolean => {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** A number to call as the provider takes it: digits with the country code, a leading + allowed. */
const PHONE_LINK = /^\+?[1-9]\d{6,19}$/;

/**
 * The first thing about a template the provider would refuse, with the field it belongs to, or
 * null. Lengths and the buttons' own texts are the schema's (MessengerTemplateButtonSchema).
 */
export function templateProblem(parts: TemplateParts): TemplateProblem | null {
  if (!MESSENGER_TEMPLATE_NAME.test(parts.name) || parts.name.length > L.nameMax)
    return { name: 'MESSENGER_TEMPLATE_NAME_INVALID', field: 'name' };
  const header = templateVariables(parts.header ?? '');
  if (header.length > 1 || !numberedInOrder(header))
    return { name: 'MESSENGER_TEMPLATE_VARIABLES_INVALID', field: 'header' };
  if (!numberedInOrder(templateVariables(parts.text)))
    return { name: 'MESSENGER_TEMPLATE_VARIABLES_INVALID', field: 'text' };
  if (templateVariables(parts.footer ?? '').length > 0)
    return { name: 'MESSENGER_TEMPLATE_VARIABLES_INVALID', field: 'footer' };
  const { buttons } = parts;
  if (buttons.length > L.buttonsMax)
    return { name: 'TOO_MANY_BUTTONS', field: 'buttons', params: { max: L.buttonsMax } };
  const count = (kind: MessengerTemplateButton['kind']) =>
    buttons.filter((button) => button.kind === kind).length;
  if (count('url') > L.urlButtonsMax)
    return { name: 'TOO_MANY_BUTTONS', field: 'buttons', params: { max: L.urlButtonsMax } };
  if (count('phone') > L.phoneButtonsMax)
    return { name: 'TOO_MANY_BUTTONS', field: 'buttons', params: { max: L.phoneButtonsMax } };
  for (const [index, button] of buttons.entries()) {
    const field = `buttons.${String(index)}.link`;
    if (button.kind === 'url' && !isWebLink(button.link))
      return { name: 'VALIDATION_FAILED', field };
    if (button.kind === 'phone' && !PHONE_LINK.test(button.link.replace(/[\s()-]/g, '')))
      return { name: 'INVALID_PHONE', field };
  }
  return null;
}

/** The values a template is sent with: its header's variable, then its text's, in their numbers' order. */
export type TemplateParameters = { header: string[]; body: string[] };

/** A message sent as a registered template, as the server keeps it: what the provider is sent. */
export type SentTemplate = {
  templateId: string;
  name: string;
  language: string;
  parameters: TemplateParameters;
};

/**
 * Whether values fit a template: one per variable, each filled, on one line, without tabs or more
 * than four spaces in a row (the provider refuses those, error 132018), and not too long.
 */
export function parametersFit(
  parts: Pick<TemplateParts, 'header' | 'text'>,
  values: TemplateParameters,
): boolean {
  const counts = templateParameterCounts(parts);
  if (values.header.length !== counts.header || values.body.length !== counts.body) return false;
  return [...values.header, ...values.body].every(
    (value) =>
      value.trim().length > 0 &&
      value.length <= L.parameterMax &&
      !/[\n\r\t]/.test(value) &&
      !/ {5,}/.test(value),
  );
}

const filled = (text: string, values: readonly string[]): string =>
  text.replace(VARIABLE, (whole, number: string) => values[Number(number) - 1] ?? whole);

/**
 * The text of a template as the customer reads it, its variables filled: header, text and footer
 * in paragraphs. The thread shows this; the provider gets the template and the values themselves.
 */
export function filledTemplateText(
  parts: Pick<TemplateParts, 'header' | 'text' | 'footer'>,
  values: TemplateParameters,
): string {
  return [
    parts.header === null ? null : filled(parts.header, values.header),
    filled(parts.text, values.body),
    parts.footer,
  ]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join('\n\n');
}
