import type { BotActionView } from '../../protocol';

/** What a chat bot's once-usable page (/bot-action/{uuid}) shows. */
export type BotActionState =
  | { kind: 'loading' }
  /** A link button's first opening: thanks, then on to its address. */
  | { kind: 'link'; name: string; url: string | null; organization: string }
  | { kind: 'limit'; organization: string }
  | { kind: 'used' }
  | { kind: 'missing' }
  | { kind: 'unreachable' };

/**
 * Only web addresses are opened: the bot's editor accepts nothing else, and a stored address is
 * checked again here, so a link never runs script in this page.
 */
export function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Opens the page: its first opening uses a link button's page (a POST, so link previews that only
 * load the page do not use it); a second says it was used; the limit page always shows.
 */
export async function openBotAction(
  uuid: string,
  fetchImpl: typeof fetch = fetch,
): Promise<BotActionState> {
  try {
    const response = await fetchImpl(`/api/public/bot-action/${encodeURIComponent(uuid)}`, {
      method: 'POST',
    });
    if (response.status === 404 || response.status === 400) return { kind: 'missing' };
    if (!response.ok) return { kind: 'unreachable' };
    const { entity } = (await response.json()) as { entity: BotActionView };
    if (entity.kind === 'limit') return { kind: 'limit', organization: entity.organization };
    if (!entity.firstUse) return { kind: 'used' };
    return {
      kind: 'link',
      name: entity.name,
      url: webAddress(entity.url),
      organization: entity.organization,
    };
  } catch {
    return { kind: 'unreachable' };
  }
}
