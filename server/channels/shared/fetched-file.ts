import { ATTACHMENT_MAX_BYTES, attachmentProblem } from '../../../src/protocol';
import { withFileNotKept } from './file-not-kept';

/** File name extensions of the types customers send most, for files that come without a name. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
};

export const extensionOf = (type: string): string => EXTENSIONS[type] ?? 'bin';

/**
 * A customer's file from a provider's file host (Instagram's CDN, VK's, Sinch's), fetched on
 * receipt since such links expire: a plain GET that never carries our token. Read only up to what
 * the inbox keeps: a larger one, by its declared length or by what arrives, is answered as too
 * large (its bytes left unread), so the message is kept with a trace of it, never lost for it.
 */
async function fetchCustomerFile(
  url: string,
  signal: AbortSignal,
): Promise<{ bytes: Buffer; type: string } | { tooLarge: true; type: string }> {
  const response = await fetch(url, { signal });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the attachment could not be fetched (${String(response.status)})`);
  }
  const type =
    (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ||
    'application/octet-stream';
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > ATTACHMENT_MAX_BYTES) {
    await response.body?.cancel();
    return { tooLarge: true, type };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.length;
    if (size > ATTACHMENT_MAX_BYTES) {
      await reader?.cancel();
      return { tooLarge: true, type };
    }
    chunks.push(read.value);
  }
  return { bytes: Buffer.concat(chunks), type };
}

/** A customer's file to fetch: its link, and its name once its type is known. */
export type CustomerFileLink = { url: string; name: (type: string) => string };

/**
 * A customer's message's files, fetched now (their links expire): the files the inbox keeps, and
 * the message's text with a trace of each it cannot keep (withFileNotKept), so a message is never
 * lost for its file.
 */
export async function fetchCustomerFiles(
  links: readonly CustomerFileLink[],
  text: string,
  signal: AbortSignal,
): Promise<{ text: string; files: { name: string; type: string; bytes: Buffer }[] }> {
  let kept = text;
  const files: { name: string; type: string; bytes: Buffer }[] = [];
  for (const link of links) {
    const fetched = await fetchCustomerFile(link.url, signal);
    const name = link.name(fetched.type);
    if ('tooLarge' in fetched) {
      kept = withFileNotKept(kept, name, 'FILE_TOO_LARGE');
      continue;
    }
    const problem = attachmentProblem({ type: fetched.type, size: fetched.bytes.length });
    if (problem) kept = withFileNotKept(kept, name, problem);
    else files.push({ name, type: fetched.type, bytes: fetched.bytes });
  }
  return { text: kept, files };
}
