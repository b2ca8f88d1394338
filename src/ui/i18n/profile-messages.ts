/**
 * Texts of the profile screens, English and Russian side by side. Spread into MESSAGES_EN and
 * MESSAGES_RU, so keys are checked like every other (catalogs.test.ts).
 */
export const PROFILE_EN = {
  'profile.saved': 'Your information is saved',
} as const;

export const PROFILE_RU: Record<keyof typeof PROFILE_EN, string> = {
  'profile.saved': 'Ваши данные сохранены',
};
