import { describe, expect, it } from 'vitest';
import type { Template, TemplateCategory } from '../../protocol';
import { templateGroups } from './template-choice';

const SUPPORT = 'support';
const SALES = 'sales';

const category = (id: string, name: string, teamIds: string[] = []): TemplateCategory => ({
  id,
  name,
  teamIds,
});
const template = (
  id: string,
  title: string,
  categoryId: string | null,
  teamIds: string[] = [],
  text = `${title} text`,
): Template => ({ id, title, text, categoryId, teamIds });

const categories = [
  category('greetings', 'Greetings'),
  category('shipping', 'Delivery', [SUPPORT]),
];
const templates = [
  template('hello', 'Hello', 'greetings'),
  template('bye', 'Goodbye', 'greetings', [], 'Thank you for writing to us!'),
  template('track', 'Tracking number', 'shipping', [SUPPORT]),
  template('address', 'Change of address', 'shipping'),
  template('discount', 'Discount', null, [SALES]),
  template('lost', 'Lost category', 'deleted-category'),
];

const shape = (groups: ReturnType<typeof templateGroups>) =>
  groups.map((g) => `${g.category?.name ?? '—'}: ${g.templates.map((t) => t.id).join(',')}`);

describe('reply templates offered in a chat', () => {
  it.each<[string, string[], string, string[]]>([
    [
      'a support chat sees open templates and support ones, grouped by category name',
      [SUPPORT],
      '',
      ['Delivery: address,track', 'Greetings: bye,hello', '—: lost'],
    ],
    [
      'a sales chat does not see a category open only to support',
      [SALES],
      '',
      ['Greetings: bye,hello', '—: discount,lost'],
    ],
    ['search words match the title', [SUPPORT], 'track', ['Delivery: track']],
    ['search words match the text, in any case', [SUPPORT], 'THANK writing', ['Greetings: bye']],
    ['nothing matches', [SUPPORT], 'refund', []],
    [
      'no team at all sees only what is open to every team',
      [],
      '',
      ['Greetings: bye,hello', '—: lost'],
    ],
  ])('%s', (_name, teams, query, expected) => {
    expect(shape(templateGroups(templates, categories, teams, query))).toEqual(expected);
  });
});
