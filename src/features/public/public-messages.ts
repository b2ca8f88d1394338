/**
 * Texts of the public pages a customer opens from a link (the quality rating page), English and
 * Russian side by side. The app joins them with every other catalog (src/app/i18n/catalogs.ts,
 * where a test checks both languages and every key). The pages a rating ends on (/success,
 * /already-used) are the shell's, and so are their texts.
 */
export const PUBLIC_EN = {
  'rating.title': 'Rate our service',
  'rating.prompt': 'How did {organization} do? Your rating helps us answer better.',
  'rating.unreachable': 'No connection to the server. Try again in a moment.',
  'rating.VERY_BAD': 'Very bad',
  'rating.BAD': 'Bad',
  'rating.NORMAL': 'Normal',
  'rating.GOOD': 'Good',
  'rating.EXCELLENT': 'Excellent',
  'botAction.thanks': 'Thank you for your answer!',
  'botAction.continue': 'Go on to “{name}”',
  'botAction.limitTitle': 'Bot message limit exceeded',
  'botAction.limitText':
    'The bot of {organization} takes only so many messages in one conversation. An operator will answer you in the chat.',
} as const;

export const PUBLIC_RU: Record<keyof typeof PUBLIC_EN, string> = {
  'rating.title': 'Оцените обслуживание',
  'rating.prompt':
    'Как с вами поработала компания {organization}? Ваша оценка поможет нам отвечать лучше.',
  'rating.unreachable': 'Нет связи с сервером. Попробуйте ещё раз через минуту.',
  'rating.VERY_BAD': 'Очень плохо',
  'rating.BAD': 'Плохо',
  'rating.NORMAL': 'Нормально',
  'rating.GOOD': 'Хорошо',
  'rating.EXCELLENT': 'Отлично',
  'botAction.thanks': 'Спасибо за ответ!',
  'botAction.continue': 'Перейти: «{name}»',
  'botAction.limitTitle': 'Превышен лимит сообщений боту',
  'botAction.limitText':
    'Бот компании {organization} принимает ограниченное число сообщений за один разговор. Оператор ответит вам в чате.',
};
