import type { InboundMessage } from '../adapter';
import { extensionOf, fetchCustomerFiles } from '../shared/fetched-file';
import { itemToInbound } from './messenger-item';

/**
 * A stored Messenger Platform item (Instagram's or a Page's) as the customer's message: its text,
 * its files fetched now from Meta's CDN (named `<product>-<kind>-<n>.<ext>`), and the customer's
 * name as their profile gives it (`profileName`, null when it cannot be read).
 */
export async function messengerMessage(
  payload: unknown,
  product: 'instagram' | 'facebook',
  profileName: (sender: string) => Promise<string | null>,
  signal: AbortSignal,
): Promise<InboundMessage> {
  const inbound = itemToInbound(payload);
  if (inbound.kind === 'ignored') return { kind: 'ignore', reason: inbound.reason };
  const { text, files } = await fetchCustomerFiles(
    inbound.files.map((link, index) => ({
      url: link.url,
      name: (type) => `${product}-${link.kind}-${String(index + 1)}.${extensionOf(type)}`,
    })),
    inbound.text,
    signal,
  );
  const name = await profileName(inbound.sender);
  return {
    kind: 'message',
    client: { externalId: inbound.sender, ...(name ? { name } : {}) },
    text,
    files,
  };
}
