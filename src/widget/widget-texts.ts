import { ATTACHMENT_MAX_BYTES } from '../protocol/attachments';
import type { LinkedChannelType, WidgetShownChannel } from '../protocol/customer-links';

/** Why a file did not go: the protocol's error names the upload answers (spec §8), and the widget's own checks. */
export type FileErrorName =
  'FILE_TOO_LARGE' | 'FILE_TYPE_NOT_ALLOWED' | 'FILE_EMPTY' | 'FILE_UPLOAD_FAILED';

const MB = 1024 * 1024;

/**
 * The widget's texts, English or Russian by the browser's language. Kept here rather than taken
 * from the app's catalogs, which the small bundle must not carry.
 */
export function widgetTexts(ru: boolean) {
  const max = Math.round(ATTACHMENT_MAX_BYTES / MB);
  return ru
    ? {
        open: 'Чат',
        placeholder: 'Напишите сообщение…',
        send: 'Отправить',
        sending: 'отправляется…',
        offline: 'Нет связи — сообщения уйдут, когда она появится',
        rate: 'Оцените, пожалуйста, разговор',
        thanks: 'Спасибо за оценку!',
        unavailable: 'Чат сейчас недоступен',
        unreachable: 'Чат не может подключиться',
        attach: 'Прикрепить файл',
        uploading: 'Файл загружается…',
        alsoWriteIn: 'Также пишите нам:',
        channelTypes: { telegram: 'Telegram', email: 'Эл. почта' },
        errors: {
          FILE_TOO_LARGE: `Файл слишком большой: не более ${String(max)} МБ`,
          FILE_TYPE_NOT_ALLOWED: 'Файлы этого типа отправлять нельзя',
          FILE_EMPTY: 'Файл пустой',
          FILE_UPLOAD_FAILED: 'Не удалось загрузить файл',
        },
      }
    : {
        open: 'Chat',
        placeholder: 'Write a message…',
        send: 'Send',
        sending: 'sending…',
        offline: 'No connection: messages will go when it is back',
        rate: 'Please rate this conversation',
        thanks: 'Thank you for your rating!',
        unavailable: 'The chat is not available right now',
        unreachable: 'The chat cannot connect',
        attach: 'Attach a file',
        uploading: 'Uploading the file…',
        alsoWriteIn: 'Also write to us in:',
        channelTypes: { telegram: 'Telegram', email: 'E-mail' },
        errors: {
          FILE_TOO_LARGE: `The file is too large: up to ${String(max)} MB`,
          FILE_TYPE_NOT_ALLOWED: 'Files of this type cannot be sent',
          FILE_EMPTY: 'The file is empty',
          FILE_UPLOAD_FAILED: 'The file could not be uploaded',
        },
      };
}

/** What to tell about a refused upload: the server's error name when it is a file one, else a failed upload. */
export function fileErrorName(name: unknown): FileErrorName {
  return name === 'FILE_TOO_LARGE' || name === 'FILE_TYPE_NOT_ALLOWED' || name === 'FILE_EMPTY'
    ? name
    : 'FILE_UPLOAD_FAILED';
}

/** A file's size as the customer reads it. */
export function fileSizeText(bytes: number, ru: boolean): string {
  if (bytes < 1024) return `${String(bytes)} ${ru ? 'Б' : 'B'}`;
  if (bytes < MB) return `${String(Math.round(bytes / 1024))} ${ru ? 'КБ' : 'KB'}`;
  return `${(bytes / MB).toFixed(1)} ${ru ? 'МБ' : 'MB'}`;
}

/** A shown channel as the widget's link: its words, the address it opens, and a hint on hover. */
export type ShownChannelLink = { text: string; href: string; title: string };

/** The schemes a shown channel's link may have (customer-links.ts makes no other). */
const SAFE_LINK = /^(https:\/\/|mailto:)/;

/**
 * The widget's "also write to us in" links. A link reads as its type (Telegram, E-mail), which a
 * customer knows; the channel's own name is added only when two of one type are shown, since it is
 * the company's name for it. The hint is where it leads (the bot's @name, the address). A link
 * of another scheme than the rule makes is left out rather than put in the company's page.
 */
export function shownChannelLinks(
  shown: readonly WidgetShownChannel[],
  typeNames: Record<LinkedChannelType, string>,
): ShownChannelLink[] {
  const count = (type: string) => shown.filter((channel) => channel.type === type).length;
  return shown.flatMap((channel) => {
    if (!SAFE_LINK.test(channel.link)) return [];
    const typeName = typeNames[channel.type];
    return [
      {
        text: count(channel.type) > 1 ? `${typeName} (${channel.name})` : typeName,
        href: channel.link,
        title: channel.link.startsWith('mailto:')
          ? channel.link.slice('mailto:'.length)
          : `@${channel.link.slice(channel.link.lastIndexOf('/') + 1)}`,
      },
    ];
  });
}
