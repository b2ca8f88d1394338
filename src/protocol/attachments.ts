import * as v from 'valibot';
import { IdSchema } from './ids';

/**
 * Attachments: what may be sent, and how big. Types are those customers and operators exchange
 * in support work (pictures, documents, archives, voice notes); nothing a browser would run.
 */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 10;
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  'audio/mpeg',
  'audio/ogg',
  'video/mp4',
] as const;

export const AttachmentSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  type: v.picklist(ATTACHMENT_TYPES),
  size: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ATTACHMENT_MAX_BYTES)),
});
export type Attachment = v.InferOutput<typeof AttachmentSchema>;

/**
 * The files a message carries, uploaded before the message is sent; the server checks each
 * against what it stored. Shared by staff replies, channel messages and the widget's messages.
 */
export const AttachmentListSchema = v.optional(
  v.pipe(v.array(AttachmentSchema), v.maxLength(ATTACHMENTS_PER_MESSAGE)),
  [],
);

/** The check shared by the form, the outbox and the server. */
export function attachmentProblem(file: {
  type: string;
  size: number;
}): 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | 'FILE_EMPTY' | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'FILE_TYPE_NOT_ALLOWED';
  if (file.size === 0) return 'FILE_EMPTY';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'FILE_TOO_LARGE';
  return null;
}
