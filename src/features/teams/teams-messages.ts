/**
 * Texts of the teams screens, English and Russian side by side. The app joins them with every
 * other catalog (src/app/i18n/catalogs.ts, where a test checks both languages and every key).
 */
export const TEAMS_EN = {
  'teams.add': 'Add team',
  'teams.empty': 'Teams not found',
  'teams.readOnly': 'You can view teams; changing them needs the teams-management right.',
  'teams.column.name': 'Name',
  'teams.column.description': 'Description',
  'teams.column.method': 'Distribution',
  'teams.column.members': 'Members',
  'teams.column.dialogLimit': 'Dialogs per operator',
  'teams.panel.new': 'New team',
  'teams.panel.edit': 'Edit team',
  'teams.field.name': 'Name',
  'teams.field.description': 'Description',
  'teams.field.method': 'Distribution method',
  'teams.field.dialogLimit': 'Dialog limit per operator',
  'teams.field.dialogLimitHint': 'How many chats of this team one operator handles at once',
  'teams.field.redistributionOn': 'Redistribute unanswered chats',
  'teams.field.redistributionHint':
    'A chat the operator has not answered within this time goes back to the queue for someone else',
  'teams.field.redistributionMinutes': 'Redistribution time, minutes',
  'teams.field.autoCloseOn': 'Close chats when the customer goes quiet',
  'teams.field.autoCloseHint':
    'After the operator’s reply, the chat closes if the customer says nothing for this long',
  'teams.field.autoCloseMinutes': 'Customer inactivity, minutes',
  'teams.field.unattended': 'Close unattended chats',
  'teams.field.unattendedHint': 'A chat nobody took from the queue closes after this time',
  'teams.field.inactivity': 'Inactivity time, minutes',
  'teams.field.inactivityHint':
    'An assigned chat where nobody writes for this long closes; 0 turns it off, otherwise more than 23',
  'teams.unattended.never': 'Never',
  'teams.unattended.hours': 'After {count} hours',
  'teams.method.round_robin': 'Round robin',
  'teams.method.least_busy': 'Least busy operator',
  'teams.members': 'Members',
  'teams.membersNone': 'Nobody is in this team yet.',
  'teams.membersHint':
    'A change here applies at once, without Save. An administrator can also change a person’s teams on their user page.',
  'teams.memberRemove': 'Remove {name} from the team',
  'teams.memberRemoveShort': 'Remove',
  'teams.memberAdd': 'Add an operator',
  'teams.memberPick': 'Choose a person',
  'teams.memberAddButton': 'Add to team',
  'teams.created': 'Team created',
  'teams.saved': 'Team saved',
  'teams.deleted': 'Team deleted',
  'teams.delete.title': 'Delete the team?',
  'teams.delete.text':
    'The team “{team}” will be deleted. Its members simply leave it. A team that still has open chats, or that a channel or routing rule sends chats to, cannot be deleted.',
  'teams.delete.confirm': 'Delete team',
} as const;

export const TEAMS_RU: Record<keyof typeof TEAMS_EN, string> = {
  'teams.add': 'Добавить команду',
  'teams.empty': 'Команды не найдены',
  'teams.readOnly':
    'Вы можете просматривать команды; для изменения нужно право управления командами.',
  'teams.column.name': 'Название',
  'teams.column.description': 'Описание',
  'teams.column.method': 'Распределение',
  'teams.column.members': 'Участники',
  'teams.column.dialogLimit': 'Диалогов на оператора',
  'teams.panel.new': 'Новая команда',
  'teams.panel.edit': 'Изменение команды',
  'teams.field.name': 'Название',
  'teams.field.description': 'Описание',
  'teams.field.method': 'Способ распределения',
  'teams.field.dialogLimit': 'Лимит диалогов на оператора',
  'teams.field.dialogLimitHint': 'Сколько чатов этой команды один оператор ведёт одновременно',
  'teams.field.redistributionOn': 'Перераспределять неотвеченные чаты',
  'teams.field.redistributionHint':
    'Чат, на который оператор не ответил за это время, возвращается в очередь для другого оператора',
  'teams.field.redistributionMinutes': 'Время перераспределения, минуты',
  'teams.field.autoCloseOn': 'Закрывать чаты, когда клиент молчит',
  'teams.field.autoCloseHint':
    'После ответа оператора чат закрывается, если клиент молчит столько времени',
  'teams.field.autoCloseMinutes': 'Неактивность клиента, минуты',
  'teams.field.unattended': 'Закрывать необслуженные чаты',
  'teams.field.unattendedHint':
    'Чат, который никто не взял из очереди, закрывается через это время',
  'teams.field.inactivity': 'Время неактивности, минуты',
  'teams.field.inactivityHint':
    'Назначенный чат, в котором никто не пишет столько времени, закрывается; 0 — выключено, иначе больше 23',
  'teams.unattended.never': 'Никогда',
  'teams.unattended.hours': 'Через {count} ч',
  'teams.method.round_robin': 'По очереди',
  'teams.method.least_busy': 'Наименее загруженному оператору',
  'teams.members': 'Участники',
  'teams.membersNone': 'В команде пока никого нет.',
  'teams.membersHint':
    'Изменение состава действует сразу, без сохранения. Администратор может изменить команды человека и на странице пользователя.',
  'teams.memberRemove': 'Убрать {name} из команды',
  'teams.memberRemoveShort': 'Убрать',
  'teams.memberAdd': 'Добавить оператора',
  'teams.memberPick': 'Выберите сотрудника',
  'teams.memberAddButton': 'Добавить в команду',
  'teams.created': 'Команда создана',
  'teams.saved': 'Команда сохранена',
  'teams.deleted': 'Команда удалена',
  'teams.delete.title': 'Удалить команду?',
  'teams.delete.text':
    'Команда «{team}» будет удалена. Её участники просто выйдут из неё. Команду, у которой есть открытые чаты или на которую направляет чаты канал или правило маршрутизации, удалить нельзя.',
  'teams.delete.confirm': 'Удалить команду',
} as const;
