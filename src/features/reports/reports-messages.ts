import { REPORT_TEXTS_EN, REPORT_TEXTS_RU } from '../../protocol/reports';

/**
 * Texts of the reports pages (`/admin/reports/…`), English and Russian side by side. The column
 * headings and row labels live in src/protocol/reports/report-texts.ts, where the server's
 * downloads read them too. The app joins them with every other
 * catalog (src/app/i18n/catalogs.ts).
 */
export const REPORTS_EN = {
  // Column headings and row labels: shared with the server's downloads.
  ...REPORT_TEXTS_EN,
  // The period picker (spec §9) and its rules (spec §5)
  'reports.period': 'Period',
  'reports.period.today': 'Today',
  'reports.period.yesterday': 'Yesterday',
  'reports.period.last7': 'Last 7 days',
  'reports.period.last30': 'Last 30 days',
  'reports.period.date': 'Arbitrary date',
  'reports.period.range': 'Arbitrary period',
  'reports.period.day': 'Date',
  'reports.period.from': 'Start date',
  'reports.period.to': 'End date',
  'reports.period.dayRequired': 'Choose the date',
  'reports.period.fromRequired': 'Choose the start date',
  'reports.period.toRequired': 'Choose the end date',
  'reports.period.invalidDate': 'This is not a date: use the calendar or YYYY-MM-DD',
  'reports.period.endBeforeStart': 'The end date cannot be before the start date',
  'reports.period.tooLong': 'A report covers at most {max} days',
  'reports.show': 'Show report',
  'reports.timeZone.current': 'Days and times in {zone}',
  'reports.timeZone.label': 'Time zone of the reports',
  'reports.timeZone.change': 'Change',
  'reports.timeZone.waiting': 'Saving; the reports are being recounted…',
  'reports.timeZone.saved': 'Time zone saved',

  // Filters
  'reports.filter.channel': 'Channel',
  'reports.filter.team': 'Team',
  'reports.filter.operator': 'Operator',
  'reports.filter.all': 'All',

  // What is shown
  'reports.loading': 'Computing the report…',
  'reports.noData': 'No data for the period',
  'reports.computedAt': 'Computed at {at} ({zone} time)',
  'reports.span': '{from} – {to}',
  'reports.storedCopy': 'Saved on this device; it could not be updated just now.',
  'reports.offlineNothing':
    'You are offline, and this report has not been loaded on this device yet. Once loaded, a report opens here offline too.',
  'reports.failed.unreachable':
    'The report could not be loaded: the server did not answer. Try again later.',
  'reports.failed.malformed': 'The server sent a report this page cannot read. Try again later.',
  'reports.chart': 'Chart',
  'reports.table': 'Table',

  // Downloads (spec §2: the summary and the categories report)
  'reports.download.xlsx': 'Download XLSX',
  'reports.download.csv': 'Download CSV',
  'reports.download.failed': 'The report could not be downloaded. Try again later.',
  'reports.download.offline': 'Downloading needs a connection.',
  'reports.download.saved': 'Report downloaded',
} as const;

export const REPORTS_RU: Record<keyof typeof REPORTS_EN, string> = {
  ...REPORT_TEXTS_RU,
  'reports.period': 'Период',
  'reports.period.today': 'Сегодня',
  'reports.period.yesterday': 'Вчера',
  'reports.period.last7': 'Последние 7 дней',
  'reports.period.last30': 'Последние 30 дней',
  'reports.period.date': 'Произвольная дата',
  'reports.period.range': 'Произвольный период',
  'reports.period.day': 'Дата',
  'reports.period.from': 'Дата начала',
  'reports.period.to': 'Дата окончания',
  'reports.period.dayRequired': 'Выберите дату',
  'reports.period.fromRequired': 'Выберите дату начала',
  'reports.period.toRequired': 'Выберите дату окончания',
  'reports.period.invalidDate': 'Это не дата: выберите в календаре или введите ГГГГ-ММ-ДД',
  'reports.period.endBeforeStart': 'Дата окончания не может быть раньше даты начала',
  'reports.period.tooLong': 'Отчёт охватывает не больше {max} дней',
  'reports.show': 'Показать отчёт',
  'reports.timeZone.current': 'Дни и время — {zone}',
  'reports.timeZone.label': 'Часовой пояс отчётов',
  'reports.timeZone.change': 'Изменить',
  'reports.timeZone.waiting': 'Сохраняется; отчёты пересчитываются…',
  'reports.timeZone.saved': 'Часовой пояс сохранён',

  'reports.filter.channel': 'Канал',
  'reports.filter.team': 'Команда',
  'reports.filter.operator': 'Оператор',
  'reports.filter.all': 'Все',

  'reports.loading': 'Отчёт считается…',
  'reports.noData': 'Нет данных за период',
  'reports.computedAt': 'Рассчитан {at} (время {zone})',
  'reports.span': '{from} – {to}',
  'reports.storedCopy': 'Сохранён на этом устройстве; обновить его сейчас не удалось.',
  'reports.offlineNothing':
    'Нет соединения, а этот отчёт на этом устройстве ещё не загружался. Загруженный однажды, отчёт открывается здесь и без сети.',
  'reports.failed.unreachable': 'Отчёт не загрузился: сервер не ответил. Попробуйте позже.',
  'reports.failed.malformed':
    'Сервер прислал отчёт, который эта страница не может прочитать. Попробуйте позже.',
  'reports.chart': 'График',
  'reports.table': 'Таблица',

  'reports.download.xlsx': 'Скачать XLSX',
  'reports.download.csv': 'Скачать CSV',
  'reports.download.failed': 'Отчёт не скачался. Попробуйте позже.',
  'reports.download.offline': 'Для скачивания нужно соединение.',
  'reports.download.saved': 'Отчёт скачан',
};
