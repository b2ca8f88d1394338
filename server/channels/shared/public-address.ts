import type { ReceiveContext, Receiver } from '../adapter';

/**
 * For a provider that only calls us (a webhook, no polling API): the address to give it, or,
 * without a public address, an idle receiver after the channel's health says what to set.
 */
export function publicAddressOf(
  context: ReceiveContext,
  provider: string,
): { url: string; idle?: undefined } | { url?: undefined; idle: Receiver } {
  if (context.webhookUrl !== null) return { url: context.webhookUrl };
  context.health({
    connected: false,
    error: `${provider} delivers messages only to a public address: set PUBLIC_URL`,
  });
  return { idle: { stop: () => Promise.resolve() } };
}
