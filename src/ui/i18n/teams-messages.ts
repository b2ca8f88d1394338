/**
 * Texts of the teams screens, English and Russian side by side. Spread into MESSAGES_EN and
 * MESSAGES_RU, so keys are checked like every other (catalogs.test.ts).
 */
export const TEAMS_EN = {
  'teams.add': 'Add team',
} as const;

export const TEAMS_RU: Record<keyof typeof TEAMS_EN, string> = {
  'teams.add': 'Добавить команду',
};
