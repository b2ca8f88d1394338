import { ATTACHMENT_MAX_BYTES } from '../protocol/attachments';

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
