/**
 * Texts of the roles screens, English and Russian side by side. Spread into MESSAGES_EN and
 * MESSAGES_RU, so keys are checked like every other (catalogs.test.ts).
 */
export const ROLES_EN = {
  'roles.add': 'Add role',
} as const;

export const ROLES_RU: Record<keyof typeof ROLES_EN, string> = {
  'roles.add': 'Добавить роль',
};
