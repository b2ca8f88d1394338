/**
 * Message-ID spellings. RFC 5322 ids are `<left@right>`; mail clients differ in spaces, angle
 * brackets and case of the domain, so every id is stored and looked up in one spelling: without
 * brackets and surrounding space, the part after the last `@` lower-cased (the left part is
 * case-sensitive by the RFC).
 */
export function normalizeMessageId(raw: string): string | null {
  const trimmed = raw.trim().replace(/^<+/, '').replace(/>+$/, '').trim();
  if (trimmed.length === 0 || trimmed.length > 995 || /\s/.test(trimmed)) return null;
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/** Every id in a References or In-Reply-To header, in order, each once. */
export function messageIdList(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  const text = Array.isArray(raw) ? raw.join(' ') : raw;
  const ids: string[] = [];
  for (const match of text.matchAll(/<([^<>]+)>|(\S+@\S+)/g)) {
    const id = normalizeMessageId(match[1] ?? match[2] ?? '');
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** An id in header form. */
export const bracketed = (id: string): string => `<${id}>`;

/**
 * The Message-ID of our reply: our message's own id at the channel's sending domain, so a retry
 * of the same reply carries the same id (a receiving server or client that saw it already treats
 * it as the same mail) and a customer's reply to it names our message directly.
 */
export function outgoingMessageId(messageId: string, fromAddress: string): string {
  const domain = fromAddress.split('@')[1]?.toLowerCase() || 'localhost';
  return `${messageId}@${domain}`;
}
