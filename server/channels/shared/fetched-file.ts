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
 * A customer's file from a provider's file host (Instagram's CDN, VK's), fetched on receipt since
 * such links expire: a plain GET that never carries our token. One larger than the inbox keeps
 * is refused by its declared length before its bytes are read.
 */
export async function fetchCustomerFile(
  url: string,
  signal: AbortSignal,
): Promise<{ bytes: Buffer; type: string }> {
  const response = await fetch(url, { signal });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the attachment could not be fetched (${String(response.status)})`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > ATTACHMENT_MAX_BYTES) {
    await response.body?.cancel();
    throw new Error('the attachment is too large');
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = (response.headers.get('content-type') ?? 'application/octet-stream')
    .split(';')[0]
    ?.trim();
  return { bytes, type: type || 'application/octet-stream' };
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
    const problem = attachmentProblem({ type: fetched.type, size: fetched.bytes.length });
    if (problem) kept = withFileNotKept(kept, name, problem);
    else files.push({ name, type: fetched.type, bytes: fetched.bytes });
  }
  return { text: kept, files };
}
