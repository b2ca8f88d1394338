import { describe, expect, it } from 'vitest';
import { shownRole } from './built-in-roles';
import { createTranslator } from './i18n/translator';
import { SHELL_RU } from './i18n/shell-messages-ru';

const { t } = createTranslator('ru', SHELL_RU);

describe('roles as the screens show them', () => {
  it('a built-in role speaks the user’s language, by its built-in key', () => {
    const role = { name: 'Supervisor', description: 'Controls operator teams', immutable: true };
    expect(shownRole(role, t)).toMatchObject({
      name: 'Супервизор',
      description: 'Руководит командами операторов и видит все обращения',
    });
  });

  it('a created role stays as its author typed it, even under a built-in name', () => {
    const created = { name: 'Operator', description: 'Night shift', immutable: false };
    expect(shownRole(created, t)).toBe(created);
    const custom = { name: 'Аудитор', description: 'Читает отчёты', immutable: false };
    expect(shownRole(custom, t)).toBe(custom);
  });
});
