import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { SHELL_EN, SHELL_RU, createTranslator } from '../../ui/i18n';
import { CHATS_EN, CHATS_RU } from './chats-messages';
import { fileSize, messageSide, showsStatus, statusView, type MessageStatus } from './message-view';

describe('a message in the thread', () => {
  it.each<[MessageStatus, string, string, string]>([
    ['queued', 'clock', 'Waiting to be sent', 'Ожидает отправки'],
    ['sent', '✓', 'Sent', 'Отправлено'],
    ['delivered', '✓✓', 'Delivered', 'Доставлено'],
    ['read', '✓✓', 'Read', 'Прочитано'],
    ['undelivered', '!', 'Not delivered', 'Не доставлено'],
  ])('status %s shows %s, named "%s" / "%s"', (status, mark, en, ru) => {
    const view = statusView(status);
    expect(view.mark).toBe(mark);
    expect(createTranslator('en', { ...SHELL_EN, ...CHATS_EN }).t(view.label)).toBe(en);
    expect(createTranslator('ru', { ...SHELL_RU, ...CHATS_RU }).t(view.label)).toBe(ru);
  });

  it('read and delivered look alike but are told apart by colour', () => {
    expect(statusView('read').tone).not.toBe(statusView('delivered').tone);
  });

  it.each([
    ['client', 'in'],
    ['operator', 'out'],
    ['bot', 'out'],
    ['system', 'system'],
  ] as const)('a message by the %s sits %s', (author, side) => {
    expect(messageSide(author)).toBe(side);
  });

  it.each([
    ['operator', 'sent', true],
    ['bot', 'read', true],
    ['client', 'delivered', false],
    ['system', 'sent', false],
    ['client', 'queued', true],
  ] as const)('a %s message that is %s shows its status: %s', (authorKind, status, shown) => {
    expect(showsStatus({ authorKind, status })).toBe(shown);
  });

  it.each([
    ['en', 0, '0 bytes'],
    ['en', 820, '820 bytes'],
    ['en', 1536, '1.5 kB'],
    ['en', 10 * 1024 * 1024, '10 MB'],
    ['en', 3.25 * 1024 * 1024, '3.3 MB'],
    ['ru', 1536, '1,5 кБ'],
  ])('in %s %d bytes read "%s"', (locale, bytes, text) => {
    const intl = createIntl({ locale });
    expect(fileSize(intl, bytes)).toBe(text);
  });
});
