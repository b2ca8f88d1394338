/**
 * Texts of the users screens, English and Russian side by side. Spread into MESSAGES_EN and
 * MESSAGES_RU, so keys are checked like every other (catalogs.test.ts).
 */
export const USERS_EN = {
  'users.add': 'Add user',
} as const;

export const USERS_RU: Record<keyof typeof USERS_EN, string> = {
  'users.add': 'Добавить пользователя',
};
