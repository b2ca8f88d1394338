import { describe, expect, it } from 'vitest';
import { CATALOGS } from './catalogs';

/**
 * Keys a screen shows side by side, so two of them reading the same would leave the user unable
 * to tell them apart (issue 30: in Russian the operator status "In work" and the menu's chat list
 * "In progress" both read «В работе»). Each group names whole key families by prefix. The
 * monitoring's columns are not one group: its teams table and its chats table each have a "Name".
 */
const SHOWN_TOGETHER: Record<string, readonly string[]> = {
  'the main menu with the operator status switch': ['menu.', 'operatorStatus.'],
  'a chat’s status': ['chats.status.'],
  'the monitoring’s operator states and chat states': [
    'monitoring.state.',
    'monitoring.chatStatus.',
  ],
  'the reports’ columns': ['reports.column.'],
  'a user’s presence in the users list': ['users.presence.'],
  'the teams list’s columns': ['teams.column.'],
};

/** Texts shared by more than one key of the group, with those keys. */
function collisions(catalog: Record<string, string>, prefixes: readonly string[]) {
  const byText = new Map<string, string[]>();
  for (const [key, text] of Object.entries(catalog)) {
    if (!prefixes.some((prefix) => key.startsWith(prefix))) continue;
    const normal = text.trim().toLocaleLowerCase();
    byText.set(normal, [...(byText.get(normal) ?? []), key]);
  }
  return [...byText].filter(([, keys]) => keys.length > 1);
}

describe('texts shown side by side tell things apart', () => {
  const cases = (['en', 'ru'] as const).flatMap((lang) =>
    Object.entries(SHOWN_TOGETHER).map(([group, prefixes]) => ({ lang, group, prefixes })),
  );

  it.each(cases)('$group ($lang)', ({ lang, prefixes }) => {
    const catalog = CATALOGS[lang] as Record<string, string>;
    expect(Object.keys(catalog).some((key) => prefixes.some((p) => key.startsWith(p)))).toBe(true);
    expect(collisions(catalog, prefixes)).toEqual([]);
  });

  it('the check finds the collision it was written for', () => {
    const before = { 'menu.assigned': 'В работе', 'operatorStatus.in_work': 'В работе' };
    expect(collisions(before, ['menu.', 'operatorStatus.'])).toEqual([
      ['в работе', ['menu.assigned', 'operatorStatus.in_work']],
    ]);
  });
});
