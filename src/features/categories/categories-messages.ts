/**
 * Texts of the request category pages (the tree, the ready-made sets), English and Russian side by
 * side. The app joins them with every other catalog (src/app/i18n/catalogs.ts). The sets' own rows
 * are translated in category-sets.ts, beside the data.
 */
export const CATEGORIES_EN = {
  'categories.add': 'Add category',
  'categories.sets': 'Ready-made sets',
  'categories.intro':
    'Operators give a chat a category, a topic and a subtopic when they close it. Each level is offered to the teams it lists, or to all teams.',
  'categories.noOption':
    'Request categories are not part of your plan. To sort chats by category, change the plan.',
  'categories.empty': 'There are no categories yet. Add one, or start from a ready-made set.',
  'categories.column.name': 'Name',
  'categories.column.teams': 'Teams',
  'categories.column.actions': 'Actions',
  'categories.level.1': 'Category',
  'categories.level.2': 'Topic',
  'categories.level.3': 'Subtopic',
  'categories.action.addTopic': 'Add topic',
  'categories.action.addSubtopic': 'Add subtopic',
  'categories.action.edit': 'Edit',
  'categories.action.move': 'Move',
  'categories.action.delete': 'Delete',
  'categories.required.label': 'Categories required when closing a chat',
  'categories.required.hint':
    'When on, a chat closes only with a category chosen down to its last level.',
  'categories.required.waiting': 'Saving…',
  'categories.required.on': 'Categories are now required when closing a chat',
  'categories.required.off': 'Chats may now close without a category',
  'categories.panel.newCategory': 'New category',
  'categories.panel.newTopic': 'New topic in “{category}”',
  'categories.panel.newSubtopic': 'New subtopic in “{category}”',
  'categories.panel.edit': 'Edit “{name}”',
  'categories.field.name': 'Name',
  'categories.field.teams': 'Available to',
  'categories.field.teamsHint': 'A topic is not limited by its category’s teams.',
  'categories.created': 'Category created',
  'categories.saved': 'Category saved',
  'categories.moved': 'Category moved',
  'categories.deleted': 'Category deleted',
  'categories.move.title': 'Move “{name}”',
  'categories.move.text':
    'It moves with everything under it. Only places where it still fits in three levels are offered.',
  'categories.move.place': 'New place',
  'categories.move.top': 'Top level (a category)',
  'categories.move.none': 'There is no other place where this branch fits in three levels.',
  'categories.move.confirm': 'Move',
  'categories.delete.title': 'Delete “{name}”?',
  'categories.delete.text':
    'The category is removed together with everything under it ({count, plural, =0 {it has nothing under it} one {# row} other {# rows}}).',
  'categories.delete.history':
    'Categories that chats already used are kept for their history and reports, but hidden from every picker; the rest are deleted.',
  'categories.delete.confirm': 'Delete category',

  'categorySets.title': 'Ready-made category sets',
  'categorySets.intro':
    'Start from a set made for your kind of business. Adding a set creates only the rows you do not have yet; you can rename, move or delete them afterwards.',
  'categorySets.back': 'Back to our categories',
  'categorySets.count.categories': '{count, plural, one {# category} other {# categories}}',
  'categorySets.count.topics': '{count, plural, one {# topic} other {# topics}}',
  'categorySets.count.subtopics': '{count, plural, one {# subtopic} other {# subtopics}}',
  'categorySets.open': 'View set',
  'categorySets.notFound': 'There is no such ready-made set.',
  'categorySets.toList': 'All ready-made sets',
  'categorySets.column.row': 'Category, topic, subtopic',
  'categorySets.column.state': 'In our categories',
  'categorySets.state.exists': 'Already there',
  'categorySets.state.missing': 'Will be added',
  'categorySets.apply': 'Add to our categories',
  'categorySets.applying': 'Adding…',
  'categorySets.missing':
    '{count, plural, =0 {You already have every row of this set.} one {# row will be added, open to all teams.} other {# rows will be added, open to all teams.}}',
  'categorySets.applied': '{count, plural, one {# category added} other {# categories added}}',
  'categorySets.refused':
    'Some rows were not added: the server refused them. See the notice for details.',
  'categorySets.done': 'The set was added to your categories.',
} as const;

export const CATEGORIES_RU: Record<keyof typeof CATEGORIES_EN, string> = {
  'categories.add': 'Добавить категорию',
  'categories.sets': 'Готовые наборы',
  'categories.intro':
    'Закрывая чат, оператор выбирает категорию, тему и подтему. Каждый уровень доступен указанным в нём командам или всем командам.',
  'categories.noOption':
    'Категории обращений не входят в ваш тариф. Чтобы разбирать чаты по категориям, смените тариф.',
  'categories.empty': 'Категорий пока нет. Добавьте категорию или начните с готового набора.',
  'categories.column.name': 'Название',
  'categories.column.teams': 'Команды',
  'categories.column.actions': 'Действия',
  'categories.level.1': 'Категория',
  'categories.level.2': 'Тема',
  'categories.level.3': 'Подтема',
  'categories.action.addTopic': 'Добавить тему',
  'categories.action.addSubtopic': 'Добавить подтему',
  'categories.action.edit': 'Изменить',
  'categories.action.move': 'Переместить',
  'categories.action.delete': 'Удалить',
  'categories.required.label': 'Категории обязательны при закрытии чата',
  'categories.required.hint':
    'Если включено, чат закрывается только с категорией, выбранной до последнего уровня.',
  'categories.required.waiting': 'Сохранение…',
  'categories.required.on': 'Теперь при закрытии чата нужна категория',
  'categories.required.off': 'Теперь чат можно закрыть без категории',
  'categories.panel.newCategory': 'Новая категория',
  'categories.panel.newTopic': 'Новая тема в «{category}»',
  'categories.panel.newSubtopic': 'Новая подтема в «{category}»',
  'categories.panel.edit': 'Изменить «{name}»',
  'categories.field.name': 'Название',
  'categories.field.teams': 'Доступна',
  'categories.field.teamsHint': 'Команды категории не ограничивают её темы.',
  'categories.created': 'Категория создана',
  'categories.saved': 'Категория сохранена',
  'categories.moved': 'Категория перемещена',
  'categories.deleted': 'Категория удалена',
  'categories.move.title': 'Переместить «{name}»',
  'categories.move.text':
    'Она переместится вместе со всем, что в ней. Предлагаются только места, где хватает трёх уровней.',
  'categories.move.place': 'Новое место',
  'categories.move.top': 'Верхний уровень (категория)',
  'categories.move.none': 'Нет другого места, где эта ветка уместится в три уровня.',
  'categories.move.confirm': 'Переместить',
  'categories.delete.title': 'Удалить «{name}»?',
  'categories.delete.text':
    'Категория удаляется вместе со всем, что в ней ({count, plural, =0 {в ней ничего нет} one {# строка} few {# строки} many {# строк} other {# строки}}).',
  'categories.delete.history':
    'Категории, которые уже использовались в чатах, сохраняются для истории и отчётов, но скрываются из выбора; остальные удаляются.',
  'categories.delete.confirm': 'Удалить категорию',

  'categorySets.title': 'Готовые наборы категорий',
  'categorySets.intro':
    'Начните с набора для вашего вида бизнеса. Добавляются только строки, которых у вас ещё нет; потом их можно переименовать, переместить или удалить.',
  'categorySets.back': 'К нашим категориям',
  'categorySets.count.categories':
    '{count, plural, one {# категория} few {# категории} many {# категорий} other {# категории}}',
  'categorySets.count.topics':
    '{count, plural, one {# тема} few {# темы} many {# тем} other {# темы}}',
  'categorySets.count.subtopics':
    '{count, plural, one {# подтема} few {# подтемы} many {# подтем} other {# подтемы}}',
  'categorySets.open': 'Открыть набор',
  'categorySets.notFound': 'Такого готового набора нет.',
  'categorySets.toList': 'Все готовые наборы',
  'categorySets.column.row': 'Категория, тема, подтема',
  'categorySets.column.state': 'В наших категориях',
  'categorySets.state.exists': 'Уже есть',
  'categorySets.state.missing': 'Будет добавлена',
  'categorySets.apply': 'Добавить в наши категории',
  'categorySets.applying': 'Добавление…',
  'categorySets.missing':
    '{count, plural, =0 {У вас уже есть все строки этого набора.} one {Будет добавлена # строка, доступная всем командам.} few {Будут добавлены # строки, доступные всем командам.} many {Будут добавлены # строк, доступные всем командам.} other {Будут добавлены # строки, доступные всем командам.}}',
  'categorySets.applied':
    '{count, plural, one {Добавлена # категория} few {Добавлены # категории} many {Добавлено # категорий} other {Добавлено # категории}}',
  'categorySets.refused':
    'Некоторые строки не добавлены: сервер их отклонил. Подробности — в уведомлении.',
  'categorySets.done': 'Набор добавлен в ваши категории.',
};
