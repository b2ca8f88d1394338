import * as v from 'valibot';
import {
  MessengerTemplateSavePayload,
  templateProblem,
  type ApiError,
  type MessengerButtonKind,
  type MessengerTemplate,
  type MessengerTemplateCategory,
  type MessengerTemplateLanguage,
} from '../../protocol';
import { problemOf, refusalPlace, type FieldProblem } from '../../ui/forms/field-problems';

/** The panel's fields; a button's link is named by its place (`buttons.1.link`). */
export const MESSENGER_TEMPLATE_FIELDS = [
  'channelId',
  'name',
  'category',
  'language',
  'header',
  'text',
  'footer',
  'buttons',
] as const;
export type MessengerTemplateField = (typeof MESSENGER_TEMPLATE_FIELDS)[number];
/** A field of the form, or one button's text or link (`buttons.1.link`). */
export type FormPlace = string;

export type ButtonValues = { kind: MessengerButtonKind; text: string; link: string };

/** What the panel holds, as typed: empty header and footer are none. */
export type MessengerTemplateFormValues = {
  channelId: string;
  name: string;
  category: MessengerTemplateCategory;
  language: MessengerTemplateLanguage;
  header: string;
  text: string;
  footer: string;
  buttons: ButtonValues[];
};

export type MessengerTemplateSave = v.InferOutput<typeof MessengerTemplateSavePayload>;

/** The panel's values for a template, or a new one on the first channel that takes templates. */
export function messengerTemplateDefaults(
  template: MessengerTemplate | undefined,
  channelId: string,
  language: MessengerTemplateLanguage,
): MessengerTemplateFormValues {
  return template
    ? {
        channelId: template.channelId,
        name: template.name,
        category: template.category,
        language: template.language,
        header: template.header ?? '',
        text: template.text,
        footer: template.footer ?? '',
        buttons: template.buttons.map((button) => ({ ...button })),
      }
    : {
        channelId,
        name: '',
        category: 'utility',
        language,
        header: '',
        text: '',
        footer: '',
        buttons: [],
      };
}

/**
 * A name as the provider takes it, from what was typed: lowercase, spaces and dashes as
 * underscores ("Order ready" → "order_ready"). Other characters stay, for the rule to name them.
 */
export const providerName = (typed: string): string =>
  typed
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Where a schema issue belongs: a button's own text or link, or a field of the form. */
function placeOf(issue: v.BaseIssue<unknown>): FormPlace | undefined {
  const path = issue.path?.map((item) => item.key) ?? [];
  const [first, index, part] = path;
  if (first === 'buttons' && typeof index === 'number' && (part === 'text' || part === 'link'))
    return `buttons.${String(index)}.${part}`;
  return typeof first === 'string' &&
    (MESSENGER_TEMPLATE_FIELDS as readonly string[]).includes(first)
    ? first
    : undefined;
}

/**
 * The panel checked with the schema the server parses the save with and the provider's rules it
 * applies (templateProblem): the payload to send, or each place's problem.
 */
export function checkMessengerTemplateForm(
  values: MessengerTemplateFormValues,
  templateId: string,
):
  | { ok: true; payload: MessengerTemplateSave }
  | { ok: false; problems: Record<FormPlace, FieldProblem> } {
  const input = {
    templateId,
    channelId: values.channelId,
    name: providerName(values.name),
    category: values.category,
    language: values.language,
    header: values.header,
    text: values.text,
    footer: values.footer,
    buttons: values.buttons,
  };
  const parsed = v.safeParse(MessengerTemplateSavePayload, input);
  if (!parsed.success) {
    const problems: Record<FormPlace, FieldProblem> = {};
    for (const issue of parsed.issues) {
      const place = placeOf(issue);
      if (!place || problems[place]) continue;
      problems[place] = problemOf(valueAt(input, place), issue, undefined);
    }
    if (values.channelId === '') problems.channelId = { kind: 'required' };
    return { ok: false, problems };
  }
  const problem = templateProblem(parsed.output);
  if (problem)
    return {
      ok: false,
      problems: {
        [problem.field]: { kind: 'error', name: problem.name, params: problem.params },
      },
    };
  return { ok: true, payload: parsed.output };
}

function valueAt(input: Record<string, unknown>, place: FormPlace): unknown {
  const match = /^buttons\.(\d+)\.(text|link)$/.exec(place);
  if (!match) return input[place];
  const buttons = input.buttons as ButtonValues[];
  return buttons[Number(match[1])]?.[match[2] as 'text' | 'link'];
}

/** Where the server's refusal shows: at the place it names, else above the buttons. */
export function messengerTemplateRefusal(error: ApiError | undefined): {
  field: FormPlace | null;
  problem: FieldProblem;
} {
  return refusalPlace(error, (key) =>
    /^buttons\.\d+\.(text|link)$/.test(key) ||
    (MESSENGER_TEMPLATE_FIELDS as readonly string[]).includes(key)
      ? key
      : undefined,
  );
}
