/**
 * Placeholders of reply templates (docs/categories-and-templates.md): written in a template as
 * `{client.name}`, filled by the composer when an operator inserts it, so the text placed in the
 * message box is exactly what will be sent. The server stores them as plain text.
 */
export const PLACEHOLDERS = [
  'client.name',
  'client.firstName',
  'operator.name',
  'operator.firstName',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What fills the placeholders in one chat: the customer's and the operator's names. */
export type PlaceholderValues = { clientName: string; operatorName: string };

const PATTERN = /\{(client|operator)\.(name|firstName)\}/g;

/** The first word of a name ("Anna" of "Anna Petrova"); a one-word name is itself. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

const valueOf = (values: PlaceholderValues, who: string, part: string): string => {
  const name = (who === 'client' ? values.clientName : values.operatorName).trim();
  return part === 'firstName' ? firstNameOf(name) : name;
};

/**
 * The template's text with each known placeholder replaced. A value nobody has (a customer who
 * never gave a name) leaves the placeholder empty, and a space or comma left hanging before the
 * end of a line or a punctuation mark goes with it ("Hello, {client.name}!" → "Hello!"), so the
 * customer never reads a brace or a stray ", !". Text in braces that is not a placeholder stays.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(
    /([ \t]*,?[ \t]*)?\{(client|operator)\.(name|firstName)\}/g,
    (
      _whole,
      before: string | undefined,
      who: string,
      part: string,
      offset: number,
      all: string,
    ) => {
      const value = valueOf(values, who, part);
      if (value !== '') return `${before ?? ''}${value}`;
      const after = all.charAt(offset + _whole.length);
      // Keep the space before an empty value when a word follows ("Dear  team" → "Dear team").
      return after === '' || /[\s.,!?;:)]/.test(after) ? '' : (before ?? '');
    },
  );
}

/** The placeholders a text holds, in order, once each: the template editor lists them. */
export function placeholdersIn(text: string): Placeholder[] {
  const found = new Set<Placeholder>();
  for (const match of text.matchAll(PATTERN)) found.add(`${match[1]}.${match[2]}` as Placeholder);
  return [...found];
}

/** How a placeholder is written in a template. */
export const placeholderToken = (placeholder: Placeholder): string => `{${placeholder}}`;
