import { describe, expect, it } from 'vitest';
import type { Template, TemplateCategory } from '../../protocol';
import {
  insertToken,
  matchesSearch,
  shortText,
  templateCounts,
  templateSections,
} from './template-list';

const template = (
  id: string,
  title: string,
  text: string,
  categoryId: string | null,
): Template => ({
  id,
  title,
  text,
  categoryId,
  teamIds: [],
});
const greetings: TemplateCategory = { id: 'g', name: 'Greetings', teamIds: [] };
const delivery: TemplateCategory = { id: 'd', name: 'delivery', teamIds: [] };
const templates = [
  template('1', 'Hello', 'Hello! How can I help you?', 'g'),
  template('2', 'Tracking number', 'Your parcel has been handed to the courier.', 'd'),
  template('3', 'Goodbye', 'Thank you for writing to us!', 'g'),
  template('4', 'Discount', 'Your second order gets 10% off.', null),
  template('5', 'Lost', 'Filed under a category since deleted.', 'gone'),
];

describe('the templates search', () => {
  it('finds every word in the title or the text, in any case', () => {
    expect(matchesSearch(templates[1]!, 'PARCEL courier')).toBe(true);
    expect(matchesSearch(templates[1]!, 'tracking courier')).toBe(true);
    expect(matchesSearch(templates[1]!, 'tracking refund')).toBe(false);
  });

  it('matches everything when empty or blank', () => {
    expect(matchesSearch(templates[0]!, '')).toBe(true);
    expect(matchesSearch(templates[0]!, '   ')).toBe(true);
  });
});

describe('the templates table', () => {
  it('groups by category in name order, "No category" last, titles in order', () => {
    const sections = templateSections(templates, [greetings, delivery], { kind: 'all' }, '');
    expect(sections.map((section) => section.category?.name ?? null)).toEqual([
      'delivery',
      'Greetings',
      null,
    ]);
    expect(sections[1]?.templates.map((row) => row.title)).toEqual(['Goodbye', 'Hello']);
    // An unknown category counts as none, so the template can be found and given one.
    expect(sections[2]?.templates.map((row) => row.id)).toEqual(['4', '5']);
  });

  it('filters by a category, by none, and by the search', () => {
    const only = templateSections(
      templates,
      [greetings, delivery],
      { kind: 'category', id: 'd' },
      '',
    );
    expect(only.map((section) => section.category?.id)).toEqual(['d']);
    const none = templateSections(templates, [greetings, delivery], { kind: 'none' }, '');
    expect(none).toHaveLength(1);
    expect(none[0]?.category).toBeNull();
    const searched = templateSections(templates, [greetings, delivery], { kind: 'all' }, 'thank');
    expect(searched.map((section) => section.templates.map((row) => row.id))).toEqual([['3']]);
  });

  it('counts the templates filed under each category', () => {
    expect(templateCounts(templates)).toEqual(
      new Map([
        ['g', 2],
        ['d', 1],
        ['gone', 1],
      ]),
    );
  });
});

describe('a template in a table cell', () => {
  it('keeps a short text and cuts a long one at a word', () => {
    expect(shortText('Hello!\n\nHow are you?')).toBe('Hello! How are you?');
    expect(shortText('one two three four five', 12)).toBe('one two…');
  });
});

describe('a placeholder inserted at the caret', () => {
  it('goes at the caret and the caret after it', () => {
    expect(insertToken('Hello, !', 7, 7, '{client.name}')).toEqual({
      text: 'Hello, {client.name}!',
      caret: 20,
    });
  });

  it('replaces a selection, and stays within the text', () => {
    expect(insertToken('Dear NAME', 5, 9, '{client.firstName}').text).toBe(
      'Dear {client.firstName}',
    );
    expect(insertToken('Hi', 10, 12, 'X')).toEqual({ text: 'HiX', caret: 3 });
  });
});
