import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { attachmentProblem, LIMITS, normalizeEmail } from '../../../src/protocol';
import { messageIdList, normalizeMessageId } from './mail-ids';

/** A file of a mail that is kept as an attachment of the customer's message. */
export interface MailFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A part of a mail that was not kept, and why (logged and shown on the channel's health). */
export interface SetAsidePart {
  name: string;
  reason: 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | 'FILE_EMPTY' | 'MAIL_PART_TRUNCATED';
}

/** A customer's mail as the channel takes it. */
export interface InboundMail {
  kind: 'mail';
  /** Normalized Message-ID; null when the mail has none (the mailbox position names it then). */
  messageId: string | null;
  /** In-Reply-To first, then References newest first: the ids that may name its conversation. */
  threadIds: string[];
  /** The ids to put in References when we answer it (its References then its own id). */
  references: string[];
  from: { address: string; name: string };
  to: string[];
  cc: string[];
  subject: string;
  /** Plain text; an HTML-only mail's text made from its HTML, never the HTML itself. */
  text: string;
  files: MailFile[];
  setAside: SetAsidePart[];
}

/** A mail that cannot become a message: kept aside whole with its reason, never dropped. */
export interface UnreadableMail {
  kind: 'unreadable';
  reason: 'MAIL_UNPARSABLE' | 'MAIL_NO_SENDER' | 'MAIL_NO_READABLE_PART';
  detail: string;
}

export async function parseMail(raw: Buffer): Promise<InboundMail | UnreadableMail> {
  let mail: ParsedMail;
  try {
    // skipHtmlToText stays off: mailparser makes text from HTML (html-to-text) when a mail has no
    // text part; skipImageLinks keeps `[cid:…]` noise out of that text.
    mail = await simpleParser(raw, { skipImageLinks: true });
  } catch (error) {
    return { kind: 'unreadable', reason: 'MAIL_UNPARSABLE', detail: String(error) };
  }
  return readParsedMail(mail, raw);
}

/** The pure part: what a parsed mail means to the inbox. */
export function readParsedMail(mail: ParsedMail, raw: Buffer): InboundMail | UnreadableMail {
  const sender = addresses(mail.from)[0];
  if (!sender) return { kind: 'unreadable', reason: 'MAIL_NO_SENDER', detail: 'no From address' };
  const truncated = truncatedMultipart(raw);
  const files: MailFile[] = [];
  const setAside: SetAsidePart[] = [];
  mail.attachments.forEach((file, index) => {
    const name = safeFileName(file.filename, file.contentType, index);
    // A mail cut off inside a multipart loses its last part's end: that file is incomplete.
    if (truncated && index === mail.attachments.length - 1) {
      setAside.push({ name, reason: 'MAIL_PART_TRUNCATED' });
      return;
    }
    const type = file.contentType.toLowerCase();
    const problem = attachmentProblem({ type, size: file.content.length });
    if (problem) setAside.push({ name, reason: problem });
    else files.push({ name, type, bytes: file.content });
  });
  const body = stripQuotedReply(bodyText(mail));
  const subject = oneLine(mail.subject ?? '');
  const inReplyTo = messageIdList(mail.inReplyTo);
  const references = messageIdList(mail.references);
  const messageId = mail.messageId ? normalizeMessageId(mail.messageId) : null;
  // A first mail shows its subject above its words; a reply's subject is the thread's own.
  const text = clip(inReplyTo.length === 0 && subject ? `${subject}\n\n${body}`.trim() : body);
  if (text.length === 0 && files.length === 0) {
    return {
      kind: 'unreadable',
      reason: 'MAIL_NO_READABLE_PART',
      detail: setAside.length
        ? `only parts that were set aside: ${setAside.map((p) => `${p.name} (${p.reason})`).join(', ')}`
        : 'no text and no file',
    };
  }
  const full = bodyText(mail);
  // Words over the message limit still reach the operator whole, as a text file.
  if (full.length > LIMITS.messageTextMax && files.length < 10) {
    files.push({ name: 'message.txt', type: 'text/plain', bytes: Buffer.from(full, 'utf8') });
  }
  return {
    kind: 'mail',
    messageId,
    threadIds: [
      ...inReplyTo,
      ...references
        .slice()
        .reverse()
        .filter((id) => !inReplyTo.includes(id)),
    ],
    references: messageId ? [...references, messageId] : references,
    from: { address: sender.address, name: oneLine(sender.name) },
    to: addresses(mail.to).map((a) => a.address),
    cc: addresses(mail.cc).map((a) => a.address),
    subject,
    text,
    files,
    setAside,
  };
}

function addresses(
  field: AddressObject | AddressObject[] | undefined,
): { address: string; name: string }[] {
  if (!field) return [];
  const out: { address: string; name: string }[] = [];
  for (const object of Array.isArray(field) ? field : [field]) {
    for (const entry of object.value) {
      for (const one of entry.group ?? [entry]) {
        const address = normalizeEmail(one.address ?? '');
        if (/^[^@\s]+@[^@\s]+$/.test(address)) out.push({ address, name: one.name || '' });
      }
    }
  }
  return out;
}

/** The mail's words: its text part, else the text mailparser made of its HTML. Never HTML. */
function bodyText(mail: ParsedMail): string {
  return (mail.text ?? '').replace(/\r\n?/g, '\n').trim();
}

/**
 * A reply quotes the whole conversation below an attribution line ("On …, X wrote:"); the chat
 * already holds those words, so the quoted tail is cut. Quotes inside the text stay.
 */
export function stripQuotedReply(text: string): string {
  const lines = text.split('\n');
  let end = lines.length;
  while (end > 0 && (lines[end - 1]?.startsWith('>') || lines[end - 1]?.trim() === '')) end--;
  if (end === lines.length) return text;
  const attribution = lines[end - 1]?.trim() ?? '';
  if (/(wrote|написал\(а\)|написал|schrieb|a écrit|escribió):\s*$/i.test(attribution)) end--;
  const kept = lines.slice(0, end).join('\n').trim();
  return kept.length > 0 ? kept : text;
}

function clip(text: string): string {
  if (text.length <= LIMITS.messageTextMax) return text;
  const marker = '\n…';
  return text.slice(0, LIMITS.messageTextMax - marker.length) + marker;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 255);
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

function safeFileName(name: string | undefined, type: string, index: number): string {
  const base = (name ?? '')
    .replace(/[/\\]/g, '_')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255);
  if (base) return base;
  return `attachment-${index + 1}.${EXTENSIONS[type.toLowerCase()] ?? 'bin'}`;
}

/**
 * Whether a multipart boundary the mail declares never closes (`--boundary--` missing): the mail
 * was cut off, and its last part is incomplete.
 */
export function truncatedMultipart(raw: Buffer): boolean {
  const text = raw.toString('latin1');
  for (const match of text.matchAll(/boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/gi)) {
    const boundary = match[1] ?? match[2];
    if (boundary && text.includes(`--${boundary}`) && !text.includes(`--${boundary}--`))
      return true;
  }
  return false;
}
