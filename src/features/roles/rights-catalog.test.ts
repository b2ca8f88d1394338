import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_RIGHTS, RIGHTS, type Right } from '../../protocol';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { ROLES_EN, ROLES_RU } from './roles-messages';
import {
  ASSIGNABLE_RIGHTS,
  RIGHT_GROUPS,
  orderedRights,
  rightChoice,
  rightHintKey,
  rightLabelKey,
} from './rights-catalog';

const MESSAGES = { en: { ...SHELL_EN, ...ROLES_EN }, ru: { ...SHELL_RU, ...ROLES_RU } };

describe('the rights a role editor offers', () => {
  it('never offers RIGHT_OBSERVER, the provider’s own right', () => {
    expect(ASSIGNABLE_RIGHTS).not.toContain('RIGHT_OBSERVER');
    expect(RIGHT_GROUPS.flatMap((group) => group.rights)).not.toContain('RIGHT_OBSERVER');
  });

  it('offers every other right exactly once, in one of its groups', () => {
    const grouped = RIGHT_GROUPS.flatMap((group) => group.rights);
    expect([...grouped].sort()).toEqual(
      RIGHTS.filter((right) => right !== 'RIGHT_OBSERVER').sort(),
    );
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it.each(['en', 'ru'] as const)(
    'each right has a name and a one-line explanation in %s',
    (lang) => {
      const { t } = createTranslator(lang, MESSAGES[lang]);
      const names = new Set<string>();
      for (const right of RIGHTS) {
        const name = t(rightLabelKey(right));
        const hint = t(rightHintKey(right));
        expect(name, right).not.toMatch(/AUTHORITY|RIGHT_|roles\./);
        expect(hint, right).not.toMatch(/AUTHORITY|RIGHT_|roles\./);
        expect(hint.length, right).toBeGreaterThan(name.length);
        expect(hint, right).not.toContain('\n');
        names.add(name);
      }
      expect(names.size, 'two rights share a name').toBe(RIGHTS.length);
    },
  );

  it('names rights in plain words', () => {
    const { t } = createTranslator('en', MESSAGES.en);
    expect(t(rightLabelKey('AUTHORITY_CHAT_DISTRIBUTION'))).toBe('Receive chats');
    expect(t(rightHintKey('AUTHORITY_TEAM_MANAGEMENT'))).toBe(
      'Creates, edits and deletes teams and changes which team a user is in',
    );
    expect(createTranslator('ru', MESSAGES.ru).t(rightLabelKey('AUTHORITY_FINANCE'))).toBe(
      'Финансы',
    );
  });
});

describe('a role’s rights in the editor’s order', () => {
  it('follows the groups and drops repeats', () => {
    expect(
      orderedRights([
        'AUTHORITY_FINANCE',
        'AUTHORITY_CHAT_DISTRIBUTION',
        'AUTHORITY_FINANCE',
        'AUTHORITY_ALL_STAT',
      ]),
    ).toEqual(['AUTHORITY_CHAT_DISTRIBUTION', 'AUTHORITY_ALL_STAT', 'AUTHORITY_FINANCE']);
  });

  it('puts the observer right, shown only on a role that has it, last', () => {
    expect(orderedRights(['RIGHT_OBSERVER', 'AUTHORITY_ALL_STAT'])).toEqual([
      'AUTHORITY_ALL_STAT',
      'RIGHT_OBSERVER',
    ]);
  });
});

describe('which rights the current user may tick', () => {
  const supervisor = new Set<Right>(BUILT_IN_ROLE_RIGHTS.Supervisor);
  it.each<[string, Right, Right[], ReturnType<typeof rightChoice>]>([
    ['a right they hold is free to tick', 'AUTHORITY_ALL_STAT', [], 'free'],
    [
      'a right they hold and the role has is free to untick',
      'AUTHORITY_ALL_STAT',
      ['AUTHORITY_ALL_STAT'],
      'free',
    ],
    ['a right they lack is locked', 'AUTHORITY_FINANCE', [], 'locked'],
    [
      'a right they lack that the role has may only be taken away',
      'AUTHORITY_FINANCE',
      ['AUTHORITY_FINANCE'],
      'removeOnly',
    ],
  ])('%s', (_case, right, chosen, choice) => {
    expect(rightChoice(right as Exclude<Right, 'RIGHT_OBSERVER'>, chosen, supervisor)).toBe(choice);
  });
});
