/** A bot's link button as the channel pipeline reads it: its page, and the address behind it. */
export type LinkButton = { name: string; actionId: string; kind: 'link' | 'limit'; url: string };

/**
 * A bot's link buttons as lines under its text, for the providers' channels (docs/chatbots.md):
 * each button's once-usable page on our public address, so its first opening is counted; with no
 * public address the link button's own address (the customer still gets there), and no line for
 * the limit page, which the text already explains. The site-chat widget shows them as buttons.
 */
export function withLinkLines(
  text: string,
  links: readonly LinkButton[],
  publicUrl: string | null,
): string {
  const base = publicUrl?.replace(/\/+$/, '') ?? null;
  const lines = links.flatMap((link) => {
    if (base !== null) return [`${link.name}: ${base}/bot-action/${link.actionId}`];
    return link.kind === 'link' && link.url !== '' ? [`${link.name}: ${link.url}`] : [];
  });
  if (lines.length === 0) return text;
  return text.trim() === '' ? lines.join('\n') : `${text}\n\n${lines.join('\n')}`;
}
