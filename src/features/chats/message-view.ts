import type { IntlShape } from '@formatjs/intl';
import type { Message } from '../../protocol';
import type { LocalMessage } from '../../store';
import type { MessageKey } from '../../ui/i18n';

export type MessageStatus = LocalMessage['status'];

/**
 * How a message status shows: a small mark (ticks as messengers draw them, or a clock icon) and its
 * spoken name (spec §3 statuses, plus queued).
 */
export type StatusView = {
  mark: 'clock' | '✓' | '✓✓' | '!';
  label: MessageKey;
  tone: 'muted' | 'ok' | 'read' | 'danger';
};

const STATUS_VIEWS: Record<MessageStatus, StatusView> = {
  // Still in the outbox: a clock, as messengers show an unsent message.
  queued: { mark: 'clock', label: 'message.status.queued', tone: 'muted' },
  sent: { mark: '✓', label: 'message.status.sent', tone: 'muted' },
  delivered: { mark: '✓✓', label: 'message.status.delivered', tone: 'ok' },
  read: { mark: '✓✓', label: 'message.status.read', tone: 'read' },
  undelivered: { mark: '!', label: 'message.status.undelivered', tone: 'danger' },
};

export const statusView = (status: MessageStatus): StatusView => STATUS_VIEWS[status];

/** A reply held while its channel's access has lapsed: a clock, as it has not left us yet. */
export const HELD_VIEW: StatusView = {
  mark: 'clock',
  label: 'message.held.reauthorization',
  tone: 'muted',
};

/** The customer's words on the left, staff and bots on the right, system lines in the middle. */
export type MessageSide = 'in' | 'out' | 'system';

export const messageSide = (authorKind: Message['authorKind']): MessageSide =>
  authorKind === 'client' ? 'in' : authorKind === 'system' ? 'system' : 'out';

/** Whether the status means anything to the reader: it is about delivery to the customer. */
export const showsStatus = (message: Pick<LocalMessage, 'authorKind' | 'status'>): boolean =>
  message.status === 'queued' || message.authorKind === 'operator' || message.authorKind === 'bot';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size in the user's language: "820 bytes", "1.5 MB". */
export function fileSize(intl: Pick<IntlShape, 'formatNumber'>, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return intl.formatNumber(value, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  });
}
