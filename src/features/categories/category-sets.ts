import type { Language } from '../../protocol';
import type { SetNode } from './set-plan';

/** A text of a set in every language of the interface. */
type Words = Readonly<Record<Language, string>>;
type SetEntry = { name: Words; children: readonly SetEntry[] };

/**
 * A ready-made set of request categories a support lead can start from (the `categories/template`
 * pages, docs/categories-and-templates.md): static data shipped with the app and translated with
 * it, not a table — nobody edits them. The id is a fixed UUID, as the route's `$id` takes ids only.
 */
export type CategorySet = {
  id: string;
  name: Words;
  description: Words;
  tree: readonly SetEntry[];
};

const row = (en: string, ru: string, children: readonly SetEntry[] = []): SetEntry => ({
  name: { en, ru },
  children,
});

export const CATEGORY_SETS: readonly CategorySet[] = [
  {
    id: '0190a0b4-5e70-7000-8000-000000000001',
    name: { en: 'Online shop', ru: 'Интернет-магазин' },
    description: {
      en: 'Orders, delivery, payments and returns: what shoppers write about most.',
      ru: 'Заказы, доставка, оплата и возвраты: то, о чём чаще всего пишут покупатели.',
    },
    tree: [
      row('Delivery', 'Доставка', [
        row('Late delivery', 'Задержка доставки'),
        row('Change of address', 'Изменение адреса'),
        row('Delivery cost', 'Стоимость доставки'),
        row('Pickup points', 'Пункты выдачи'),
      ]),
      row('Orders', 'Заказы', [
        row('Order status', 'Статус заказа'),
        row('Change an order', 'Изменение заказа', [
          row('Add an item', 'Добавить товар'),
          row('Remove an item', 'Убрать товар'),
        ]),
        row('Cancel an order', 'Отмена заказа'),
      ]),
      row('Payments', 'Оплата', [
        row('Refund', 'Возврат денег'),
        row('Failed payment', 'Ошибка оплаты'),
        row('Payment methods', 'Способы оплаты'),
      ]),
      row('Returns', 'Возвраты', [
        row('Return an item', 'Вернуть товар', [
          row('Wrong size', 'Не подошёл размер'),
          row('Damaged item', 'Повреждённый товар'),
        ]),
        row('Exchange', 'Обмен'),
      ]),
      row('Products', 'Товары', [
        row('Availability', 'Наличие'),
        row('Product details', 'Характеристики'),
      ]),
      row('Other', 'Другое'),
    ],
  },
  {
    id: '0190a0b4-5e70-7000-8000-000000000002',
    name: { en: 'Bank', ru: 'Банк' },
    description: {
      en: 'Cards, transfers, loans, deposits and online banking, with a place for fraud reports.',
      ru: 'Карты, переводы, кредиты, вклады и интернет-банк, а также сообщения о мошенничестве.',
    },
    tree: [
      row('Cards', 'Карты', [
        row('Card blocked', 'Карта заблокирована'),
        row('Lost or stolen card', 'Утеря или кража карты'),
        row('New card', 'Выпуск карты', [
          row('Debit card', 'Дебетовая карта'),
          row('Credit card', 'Кредитная карта'),
        ]),
        row('Card limits', 'Лимиты по карте'),
      ]),
      row('Transfers', 'Переводы', [
        row('Transfer not received', 'Перевод не поступил'),
        row('International transfers', 'Международные переводы'),
        row('Transfer fees', 'Комиссия за перевод'),
      ]),
      row('Loans', 'Кредиты', [
        row('Loan application', 'Заявка на кредит'),
        row('Early repayment', 'Досрочное погашение'),
        row('Mortgage', 'Ипотека'),
      ]),
      row('Deposits', 'Вклады', [
        row('Open a deposit', 'Открытие вклада'),
        row('Interest rates', 'Процентные ставки'),
      ]),
      row('Online banking', 'Интернет-банк', [
        row('Cannot sign in', 'Не удаётся войти', [
          row('Forgotten password', 'Забыт пароль'),
          row('SMS code not received', 'Не приходит СМС-код'),
        ]),
        row('Mobile app', 'Мобильное приложение'),
      ]),
      row('Fraud', 'Мошенничество'),
    ],
  },
  {
    id: '0190a0b4-5e70-7000-8000-000000000003',
    name: { en: 'Software product (SaaS)', ru: 'Программный продукт (SaaS)' },
    description: {
      en: 'Accounts, billing, bug reports, integrations and feature requests of an online service.',
      ru: 'Учётные записи, оплата, ошибки, интеграции и пожелания пользователей онлайн-сервиса.',
    },
    tree: [
      row('Account', 'Учётная запись', [
        row('Sign-in problems', 'Проблемы со входом', [
          row('Password reset', 'Сброс пароля'),
          row('Two-factor authentication', 'Двухфакторная аутентификация'),
        ]),
        row('Users and roles', 'Пользователи и роли'),
        row('Delete account', 'Удаление учётной записи'),
      ]),
      row('Billing', 'Оплата', [
        row('Invoices', 'Счета'),
        row('Change plan', 'Смена тарифа', [
          row('Upgrade', 'Повышение тарифа'),
          row('Downgrade', 'Понижение тарифа'),
        ]),
        row('Refund', 'Возврат средств'),
      ]),
      row('Bug report', 'Сообщение об ошибке', [
        row('Web app', 'Веб-приложение'),
        row('Mobile app', 'Мобильное приложение'),
        row('Performance', 'Производительность'),
      ]),
      row('Integrations', 'Интеграции', [row('API', 'API'), row('Webhooks', 'Вебхуки')]),
      row('Feature request', 'Пожелание к продукту'),
      row('How to', 'Как сделать'),
    ],
  },
];

/** A set's tree in the reader's language. */
export function setTree(set: CategorySet, lang: Language): SetNode[] {
  const local = (entry: SetEntry): SetNode => ({
    name: entry.name[lang],
    children: entry.children.map(local),
  });
  return set.tree.map(local);
}

/** The set an address names; undefined for an id of none. */
export const categorySet = (id: string): CategorySet | undefined =>
  CATEGORY_SETS.find((set) => set.id === id);
