import * as v from 'valibot';

/**
 * Error names (spec §8) with their English and Russian texts. `{name}` placeholders are
 * filled from the error's params. Names the spec describes without a name are spelled in the
 * same style; the few the product needs beyond §8 are marked in docs/errors.md.
 */
export const ERROR_TEXTS = {
  ACCESS_DENIED: { en: 'Access denied', ru: 'Доступ запрещён' },
  ACCOUNT_EXISTS: {
    en: 'An account with this login already exists',
    ru: 'Учётная запись с таким логином уже существует',
  },
  ACCOUNT_NOT_FOUND: {
    en: 'No account found for this login',
    ru: 'Учётная запись для этого логина не найдена',
  },
  BOT_ACTION_VALUE_EMPTY: {
    en: 'The bot action value is empty',
    ru: 'Не задано значение действия бота',
  },
  AUTO_REPLY_NOT_FOUND: { en: 'Auto-reply not found', ru: 'Автоответ не найден' },
  TOTP_CODE_BAD_FORMAT: { en: 'The code must be 6 digits', ru: 'Код должен состоять из 6 цифр' },
  TOTP_CODE_MANDATORY: {
    en: 'Enter the code from the authenticator app',
    ru: 'Введите код из приложения-аутентификатора',
  },
  TOTP_CODE_WRONG: { en: 'The code entered is incorrect', ru: 'Введён неверный код' },
  TOTP_CODE_EXPIRED: {
    en: 'The code has expired, sign in again',
    ru: 'Срок действия кода истёк, войдите снова',
  },
  TOTP_ALREADY_ENABLED: {
    en: 'Two-factor authentication is already enabled',
    ru: 'Двухфакторная аутентификация уже включена',
  },
  TOTP_NOT_GENERATED: { en: 'Generate a QR code first', ru: 'Сначала сгенерируйте QR-код' },
  BLOCK_ID_NOT_UNIQUE: { en: 'Block id is not unique', ru: 'Идентификатор блока не уникален' },
  CATEGORY_ACCESS_DENIED: { en: 'No access to this category', ru: 'Нет доступа к этой категории' },
  CATEGORY_EXISTS: { en: 'Such a category already exists', ru: 'Такая категория уже существует' },
  CATEGORY_NOT_FOUND: { en: 'Category not found', ru: 'Категория не найдена' },
  CHANNEL_NOT_FOUND: { en: 'Channel not found', ru: 'Канал не найден' },
  INVALID_ORIGIN_FORMAT: {
    en: 'Enter a site address as scheme://host[:port], for example https://shop.example.com',
    ru: 'Укажите адрес сайта в виде схема://хост[:порт], например https://shop.example.com',
  },
  WIDGET_ORIGIN_NOT_ALLOWED: {
    en: 'The chat is not allowed on this site',
    ru: 'Чат не разрешён на этом сайте',
  },
  CHANNEL_SERVICE_NOT_FOUND: { en: 'Channel service not found', ru: 'Сервис канала не найден' },
  CHATBOT_NAME_EXISTS: {
    en: 'A chat bot named {name} already exists',
    ru: 'Чат-бот с именем {name} уже существует',
  },
  CHATBOT_NOT_FOUND: { en: 'Chat bot not found', ru: 'Чат-бот не найден' },
  /** A save based on an older version of the bot than the server's: never overwritten unseen. */
  CHATBOT_VERSION_CONFLICT: {
    en: 'This bot was changed elsewhere since you opened it (version {version}): reload it to see those changes, or save yours as a copy',
    ru: 'Этого бота изменили в другом месте, пока он был открыт у вас (версия {version}): загрузите его заново, чтобы увидеть изменения, или сохраните свой вариант как копию',
  },
  CHAT_NOT_FOUND: { en: 'Chat not found', ru: 'Чат не найден' },
  CHAT_NOT_FOUND_BY_SUBSCRIBER: {
    en: 'No chat found for this client in this channel',
    ru: 'Чат абонента в этом канале не найден',
  },
  CHAT_ALREADY_CLOSED: { en: 'The chat is already closed', ru: 'Чат уже закрыт' },
  CHAT_ALREADY_ASSIGNED: {
    en: 'The chat is already assigned to another operator',
    ru: 'Чат уже назначен другому оператору',
  },
  CHAT_CLOSED: {
    en: 'The chat is closed; messages cannot be sent into it',
    ru: 'Чат закрыт, в него нельзя писать',
  },
  CHAT_NOT_ASSIGNED_TO_YOU: { en: 'The chat is not assigned to you', ru: 'Чат назначен не вам' },
  COLOR_NOT_FOUND: { en: 'Colour not found', ru: 'Цвет не найден' },
  DEFAULT_MESSAGE_EMPTY: {
    en: 'The default message is empty',
    ru: 'Сообщение по умолчанию не заполнено',
  },
  DEFAULT_RULE_UPDATE: {
    en: 'The default routing rule cannot be updated',
    ru: 'Правило маршрутизации по умолчанию нельзя изменить',
  },
  SCENARIO_NOT_CREATED: { en: 'The scenario was not created', ru: 'Сценарий не создан' },
  FILE_CREATION_FAILED: { en: 'The file could not be created', ru: 'Не удалось создать файл' },
  FILE_UPLOAD_FAILED: { en: 'The file could not be uploaded', ru: 'Не удалось загрузить файл' },
  IMAGE_NOT_FOUND: { en: 'Image not found', ru: 'Изображение не найдено' },
  ABONENT_RESPONSE_NOT_UNIQUE: {
    en: 'Client replies in a node must be unique',
    ru: 'Ответы абонента в узле должны быть уникальны',
  },
  BOT_ACTION_AND_REPLY: {
    en: 'A node cannot have both a bot action and a client reply',
    ru: 'Узел не может содержать и действие бота, и ответ абонента',
  },
  TRIGGERS_LOOPED: { en: 'Triggers must not loop', ru: 'Триггеры не должны зацикливаться' },
  /** Spec §5: at most 10 triggers and 10 intents a node; an intent must be chosen. */
  TOO_MANY_TRIGGERS: {
    en: 'Too many triggers in a node (max {max})',
    ru: 'Слишком много триггеров в узле (не более {max})',
  },
  TOO_MANY_INTENTS: {
    en: 'Too many intents in a node (max {max})',
    ru: 'Слишком много намерений в узле (не более {max})',
  },
  INTENT_NOT_CHOSEN: { en: 'Choose the intent', ru: 'Выберите намерение' },
  /** Spec §4: the root node cannot be deleted while other nodes exist. */
  ROOT_NODE_DELETE: {
    en: 'The root node cannot be deleted while other nodes exist',
    ru: 'Корневой узел нельзя удалить, пока есть другие узлы',
  },
  TRIGGERS_AND_ACTIONS: {
    en: 'A node cannot have triggers and other actions',
    ru: 'Узел не может содержать триггеры и другие действия',
  },
  INVALID_CREDENTIALS: { en: 'Incorrect login or password', ru: 'Неверный логин или пароль' },
  INVALID_RULE_ACTION: {
    en: 'Invalid rule action value',
    ru: 'Неверное значение действия правила',
  },
  INVALID_RULE_CONDITION: {
    en: 'Invalid rule condition value',
    ru: 'Неверное значение условия правила',
  },
  ALL_LICENSES_OCCUPIED: {
    en: 'All operator licences are occupied, contact the administrator',
    ru: 'Все лицензии операторов заняты, обратитесь к администратору',
  },
  MESSAGE_NOT_FOUND: { en: 'Message not found', ru: 'Сообщение не найдено' },
  STATUS_NOT_FOUND: { en: 'Status not found', ru: 'Статус не найден' },
  MORE_THAN_ONE_ROOT: {
    en: 'A scenario must have exactly one root node',
    ru: 'В сценарии должен быть ровно один корневой узел',
  },
  ORGANIZATION_EXISTS: { en: 'The organization already exists', ru: 'Организация уже существует' },
  ORGANIZATION_NOT_FOUND: { en: 'Organization not found', ru: 'Организация не найдена' },
  ORGANIZATION_DEACTIVATED: {
    en: 'The organization is deactivated',
    ru: 'Организация деактивирована',
  },
  PROFILE_COMMENT_NOT_FOUND: { en: 'Comment not found', ru: 'Комментарий не найден' },
  PROFILE_CONTACT_EXISTS: { en: 'The contact already exists', ru: 'Контакт уже существует' },
  PROFILE_CONTACT_NOT_FOUND: { en: 'Contact not found', ru: 'Контакт не найден' },
  PROFILE_FIELD_EXISTS: { en: 'The field already exists', ru: 'Поле уже существует' },
  PROFILE_FIELD_NOT_FOUND: { en: 'Field not found', ru: 'Поле не найдено' },
  PROFILE_TAG_EXISTS: { en: 'The tag already exists', ru: 'Тег уже существует' },
  PROFILE_TAG_NOT_FOUND: { en: 'Tag not found', ru: 'Тег не найден' },
  PROFILE_STATUS_EXISTS: { en: 'The status already exists', ru: 'Статус уже существует' },
  PROFILE_STATUS_NOT_FOUND: { en: 'Status not found', ru: 'Статус не найден' },
  ACTIVE_STATUS_CANNOT_BE_DELETED: {
    en: 'A status in use on clients cannot be deleted',
    ru: 'Статус, назначенный клиентам, нельзя удалить',
  },
  QUALITY_ASSESSMENT_NOT_FOUND: {
    en: 'Quality assessment not found',
    ru: 'Оценка качества не найдена',
  },
  RATING_ALREADY_SENT: { en: 'The rating has already been sent', ru: 'Оценка уже отправлена' },
  ROLE_EXISTS: {
    en: 'A role with this name already exists',
    ru: 'Роль с таким названием уже существует',
  },
  ROLE_IN_USE: {
    en: 'The role is given to users; give them another role first',
    ru: 'Роль назначена пользователям; сначала назначьте им другую роль',
  },
  ROLE_NOT_FOUND: { en: 'Role not found', ru: 'Роль не найдена' },
  IMMUTABLE_ROLE_UPDATE: {
    en: 'A built-in role cannot be changed',
    ru: 'Встроенную роль нельзя изменить',
  },
  RULE_NOT_FOUND: { en: 'Rule not found', ru: 'Правило не найдено' },
  RULE_NAME_REQUIRED: { en: 'Enter the rule name', ru: 'Укажите название правила' },
  RULES_USE_CHATBOT: {
    en: 'Routing rules use this chat bot',
    ru: 'Этот чат-бот используется в правилах',
  },
  RULE_SAME_CONDITIONS_EXISTS: {
    en: 'A rule with the same conditions already exists',
    ru: 'Правило с такими же условиями уже существует',
  },
  SERVICE_ACCOUNT_EXISTS: { en: 'The channel already exists', ru: 'Канал уже существует' },
  SERVICE_ACCOUNT_EXISTS_WITH_LOGIN: {
    en: 'A channel with this login already exists',
    ru: 'Канал с таким логином уже существует',
  },
  SERVICE_ACCOUNT_NOT_FOUND: { en: 'Channel not found', ru: 'Канал не найден' },
  SERVICE_ACCOUNT_ORGANIZATION_ACCESS_DENIED: {
    en: 'Channels of another organization cannot be created',
    ru: 'Нельзя создавать каналы другой организации',
  },
  SERVICE_ACCOUNT_INVALID_FIELDS: {
    en: 'The channel fields are invalid',
    ru: 'Поля канала заполнены неверно',
  },
  SERVICE_ACCOUNT_INVALID_TOKEN: { en: 'Incorrect token specified', ru: 'Указан неверный токен' },
  SERVICE_ACCOUNT_DUPLICATE_NAME: {
    en: 'A channel with this name already exists',
    ru: 'Канал с таким названием уже существует',
  },
  INACTIVITY_TIME_INVALID: {
    en: 'Inactivity time must be 0 or above 23',
    ru: 'Время неактивности должно быть 0 или больше 23',
  },
  TEAM_NOT_FOUND: { en: 'Team not found', ru: 'Команда не найдена' },
  TEAM_IN_USE: {
    en: 'The team still has open chats, or a channel or routing rule sends chats to it',
    ru: 'У команды есть открытые чаты, или на неё направляет чаты канал или правило маршрутизации',
  },
  TEAM_EXISTS: {
    en: 'A team with this name already exists',
    ru: 'Команда с таким названием уже существует',
  },
  TEMPLATE_NOT_FOUND: { en: 'Template not found', ru: 'Шаблон не найден' },
  TEMPLATE_NOT_MODIFIABLE: { en: 'The template cannot be modified', ru: 'Шаблон нельзя изменить' },
  TEMPLATE_CATEGORY_NOT_SELECTED: {
    en: 'Choose a template category',
    ru: 'Выберите категорию шаблона',
  },
  TEMPLATE_CATEGORY_IN_USE: {
    en: 'Templates are filed under this category: move or delete them first',
    ru: 'В этой категории есть шаблоны: сначала перенесите или удалите их',
  },
  TOO_MANY_BUTTONS: {
    en: 'Too many buttons (max {max})',
    ru: 'Слишком много кнопок (не более {max})',
  },
  BUTTON_TEXT_TOO_LONG: { en: 'The button text is too long', ru: 'Текст кнопки слишком длинный' },
  BUTTON_NAME_EMPTY: { en: 'The button name is empty', ru: 'Не задано название кнопки' },
  CHAT_TRANSFER_IMPOSSIBLE: { en: 'The chat cannot be transferred', ru: 'Чат невозможно передать' },
  UNKNOWN_ERROR: { en: 'Unknown error', ru: 'Неизвестная ошибка' },
  SESSION_CATEGORY_EXISTS: {
    en: 'Such a category already exists',
    ru: 'Такая категория уже существует',
  },
  SESSION_SUBCATEGORY_EXISTS: {
    en: 'Such a subcategory already exists',
    ru: 'Такая подкатегория уже существует',
  },
  SESSION_CATEGORY_MAX_LEVEL_NOT_SELECTED: {
    en: 'Choose the category down to its last level',
    ru: 'Выберите категорию до последнего уровня',
  },
  SESSION_CATEGORY_INVALID_NAME: {
    en: 'Incorrect category name specified',
    ru: 'Указано неверное название категории',
  },
  SESSION_CATEGORY_NAME_TOO_LONG: {
    en: 'The category name is too long',
    ru: 'Название категории слишком длинное',
  },
  SESSION_CATEGORY_TOO_DEEP: {
    en: 'Categories have three levels at most: category, topic, subtopic',
    ru: 'У категорий не больше трёх уровней: категория, тема, подтема',
  },
  CLOSE_WITHOUT_CATEGORY: {
    en: 'Choose a request category before closing the chat',
    ru: 'Перед закрытием чата выберите категорию обращения',
  },
  TOKEN_NOT_FROM_CURRENT_BOT: {
    en: 'The token does not belong to this bot',
    ru: 'Токен не принадлежит этому боту',
  },
  SEND_TO_DEACTIVATED_CHANNEL: {
    en: 'Messages cannot be sent into an inactive channel',
    ru: 'Нельзя отправлять сообщения в неактивный канал',
  },
  /** A Viber bot's photo (spec §3: "viber_bot requires a jpg photo"): a JPEG of up to 100 KB. */
  CHANNEL_PHOTO_INVALID: {
    en: 'The bot’s photo must be a JPEG image of up to 100 KB',
    ru: 'Фото бота должно быть изображением JPEG размером до 100 КБ',
  },
  /**
   * The provider refused the channel's credentials themselves (a lapsed or revoked token): its
   * replies wait, held, until an administrator authorises it again (docs/channels.md).
   */
  CHANNEL_REAUTHORIZATION_REQUIRED: {
    en: 'Reauthorization required: the channel’s access has lapsed, and replies wait until it is authorised again',
    ru: 'Требуется повторная авторизация: доступ канала истёк, ответы ждут, пока его снова не авторизуют',
  },
  /**
   * One messenger's 24-hour session (spec §4, §9: WhatsApp) has ended: only a registered template
   * reaches the customer until they write again from their phone (the spec's hint that an expired
   * session needs a mobile device).
   */
  MESSENGER_SESSION_EXPIRED: {
    en: 'The customer’s 24-hour session has ended: only a registered template can be sent until they write again from their phone',
    ru: '24-часовая сессия клиента закончилась: до его нового сообщения с телефона можно отправить только зарегистрированный шаблон',
  },
  /** A registered messenger template's name and language are taken in its channel (the provider keys them so). */
  MESSENGER_TEMPLATE_EXISTS: {
    en: 'This channel already has a template with this name and language',
    ru: 'В этом канале уже есть шаблон с таким названием и языком',
  },
  MESSENGER_TEMPLATE_NAME_INVALID: {
    en: 'The template name may hold only lowercase Latin letters, digits and underscores',
    ru: 'Название шаблона может содержать только строчные латинские буквы, цифры и подчёркивания',
  },
  /** The provider numbers a template's variables {{1}}, {{2}}, … from one, without gaps. */
  MESSENGER_TEMPLATE_VARIABLES_INVALID: {
    en: 'Variables must be numbered {{1}}, {{2}} and so on, in order; the header may hold one and the footer none',
    ru: 'Переменные нумеруются по порядку: {{1}}, {{2}} и так далее; в заголовке может быть одна, в подписи — ни одной',
  },
  MESSENGER_TEMPLATE_NOT_APPROVED: {
    en: 'The messenger has not approved this template yet',
    ru: 'Мессенджер ещё не одобрил этот шаблон',
  },
  /** A template sent with its variables: each filled, one line each (the provider refuses line breaks in them). */
  MESSENGER_TEMPLATE_PARAMETERS_INVALID: {
    en: 'Fill in every variable of the template, each on one line without tabs or runs of spaces',
    ru: 'Заполните все переменные шаблона: каждую одной строкой, без табуляций и серий пробелов',
  },
  CHAT_CANNOT_EXPIRE_BACK: {
    en: 'A chat cannot expire back',
    ru: 'Чат не может вернуться из просроченного состояния',
  },
  CHAT_ALREADY_EXISTS: { en: 'The chat already exists', ru: 'Чат уже существует' },
  INVALID_PHONE: { en: 'Incorrect phone number specified', ru: 'Указан неверный номер телефона' },
  TARIFF_CANNOT_BE_EXTENDED: { en: 'The tariff cannot be extended', ru: 'Тариф нельзя продлить' },
  EMAIL_ALREADY_USED: { en: 'This e-mail is already used', ru: 'Этот e-mail уже используется' },
  PHONE_ALREADY_USED: { en: 'This phone is already used', ru: 'Этот телефон уже используется' },
  INVALID_CAPTCHA: { en: 'Invalid captcha', ru: 'Неверная капча' },
  INVALID_PHONE_CODE: { en: 'Incorrect code entered', ru: 'Введён неверный код' },
  REGISTRATION_ERROR: { en: 'Registration error', ru: 'Ошибка регистрации' },
  REGISTRATION_STAGE_ERROR: { en: 'Registration stage error', ru: 'Ошибка этапа регистрации' },
  TOO_MANY_REGISTRATION_REQUESTS: {
    en: 'Too many registration requests',
    ru: 'Слишком много запросов на регистрацию',
  },
  ACCOUNT_NOT_PREPAID: {
    en: 'The account is not in prepaid mode',
    ru: 'Счёт не в режиме предоплаты',
  },
  BILLING_ACCOUNT_NOT_REGISTERED: {
    en: 'The billing account is not registered',
    ru: 'Платёжный счёт не зарегистрирован',
  },
  NOT_ENOUGH_BALANCE: {
    en: 'Not enough balance to change the tariff: top up by {price}',
    ru: 'Недостаточно средств для смены тарифа: пополните на {price}',
  },
  AMOUNT_TOO_SMALL: {
    en: 'The amount must be at least {min}',
    ru: 'Сумма должна быть не менее {min}',
  },
  CREATION_LIMIT_REACHED: {
    en: 'The limit of simultaneously created objects is reached',
    ru: 'Достигнут лимит одновременно создаваемых объектов',
  },
  EMPTY_MESSAGE: { en: 'The message is empty', ru: 'Сообщение пустое' },
  INVALID_VOIP_BUTTON: { en: 'Invalid voice menu button', ru: 'Неверная кнопка голосового меню' },
  LOGIN_QUOTA_EXCEEDED: {
    en: 'Quota exceeded for this login',
    ru: 'Превышена квота для этого логина',
  },
  PICTURE_TOO_BIG: {
    en: 'The picture is too big (max {max} bytes)',
    ru: 'Изображение слишком большое (не более {max} байт)',
  },
  OUTER_COMPANY_EXISTS: { en: 'The company already exists', ru: 'Компания уже существует' },
  TOO_MANY_REQUESTS: {
    en: 'Too many requests, try again later',
    ru: 'Слишком много запросов, попробуйте позже',
  },
  NO_PUSH_PERMISSION: { en: 'Notifications are not allowed', ru: 'Уведомления не разрешены' },
  PUSH_SENDING_FAILED: {
    en: 'The notification could not be sent',
    ru: 'Не удалось отправить уведомление',
  },
  USER_NOT_FOUND: { en: 'User not found', ru: 'Пользователь не найден' },
  USER_INACTIVE: { en: 'The account is inactive', ru: 'Учётная запись неактивна' },
  INVALID_PASSWORD_FORMAT: { en: 'Invalid password format', ru: 'Неверный формат пароля' },
  PASSWORD_INCORRECT: { en: 'Password specified incorrectly', ru: 'Пароль указан неверно' },
  PASSWORDS_DO_NOT_MATCH: { en: 'Passwords do not match', ru: 'Пароли не совпадают' },
  INVALID_EMAIL_FORMAT: { en: 'Invalid email format', ru: 'Неверный формат e-mail' },
  VALIDATION_FAILED: {
    en: 'Incorrect value entered: {field}',
    ru: 'Введено неверное значение: {field}',
  },
  INVALID_CHARACTERS: {
    en: 'The text holds a character that cannot be used (a control character or a broken one)',
    ru: 'Текст содержит недопустимый символ (управляющий или повреждённый)',
  },
  UNAUTHORIZED: { en: 'Sign in again', ru: 'Войдите снова' },
  NOT_FOUND: { en: 'Not found', ru: 'Не найдено' },
  PAYLOAD_TOO_LARGE: { en: 'The request is too large', ru: 'Запрос слишком большой' },
  UNKNOWN_COMMAND: { en: 'Unknown command', ru: 'Неизвестная команда' },
  COMMAND_NOT_ALLOWED: {
    en: 'This command cannot be sent with a staff account',
    ru: 'Эту команду нельзя отправить от имени сотрудника',
  },
  COMMAND_ID_CONFLICT: {
    en: 'This command id was already used for another command; send it again as a new one',
    ru: 'Этот идентификатор команды уже использован для другой команды; отправьте её заново',
  },
  OPERATOR_NOT_FOUND: { en: 'Operator not found', ru: 'Оператор не найден' },
  CLIENT_NOT_FOUND: { en: 'Client not found', ru: 'Клиент не найден' },
  CLIENT_NOT_IN_CHANNEL: {
    en: 'This client cannot be reached through this channel',
    ru: 'С этим клиентом нельзя связаться через этот канал',
  },
  FILE_NOT_FOUND: { en: 'File not found', ru: 'Файл не найден' },
  FILE_TOO_LARGE: {
    en: 'The file is too large (max {max} bytes)',
    ru: 'Файл слишком большой (не более {max} байт)',
  },
  FILE_TYPE_NOT_ALLOWED: {
    en: 'Files of this type cannot be sent',
    ru: 'Файлы этого типа отправлять нельзя',
  },
  FILE_EMPTY: { en: 'The file is empty', ru: 'Файл пустой' },
  OPTION_NOT_AVAILABLE: {
    en: 'This feature is not part of your plan',
    ru: 'Эта функция не входит в ваш тариф',
  },
  MERGE_INTO_ITSELF: {
    en: 'A profile cannot be merged into itself',
    ru: 'Нельзя объединить профиль с самим собой',
  },
  COMPANY_NOT_FOUND: { en: 'Company not found', ru: 'Компания не найдена' },
  BLACKLIST_ENTRY_EXISTS: {
    en: 'This contact is already on the blacklist',
    ru: 'Этот контакт уже в чёрном списке',
  },
  BLACKLIST_ENTRY_NOT_FOUND: {
    en: 'Blacklist entry not found',
    ru: 'Запись чёрного списка не найдена',
  },
} as const satisfies Record<string, { en: string; ru: string }>;

export type ErrorName = keyof typeof ERROR_TEXTS;
export const ERROR_NAMES = Object.keys(ERROR_TEXTS) as ErrorName[];

export type ErrorParams = Record<string, string | number>;

/** The error part of every failed answer: `{ code: 'error', error }`. */
export const ApiErrorSchema = v.object({
  name: v.picklist(ERROR_NAMES),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
  message: v.optional(v.string()),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

export type Language = 'en' | 'ru';

/** The error's text in a language, placeholders filled from params. */
export function errorText(name: ErrorName, language: Language, params: ErrorParams = {}): string {
  const template: string = ERROR_TEXTS[name][language];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : String(value);
  });
}
