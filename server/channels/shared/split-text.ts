/**
 * Cuts a text into pieces of at most `max` UTF-16 units (what the providers' limits count),
 * preferring line, then word breaks in the second half of each piece, and never between the two
 * halves of a surrogate pair. Every provider with a text limit (Telegram 4096, WhatsApp 4096,
 * Avito 1000) sends a long reply as several messages cut here.
 */
export function splitText(text: string, max: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = window.lastIndexOf('\n');
    if (cut < max / 2) cut = window.lastIndexOf(' ');
    if (cut < max / 2) cut = max;
    if (/[\uD800-\uDBFF]/.test(rest.charAt(cut - 1))) cut -= 1;
    chunks.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') chunks.push(rest);
  return chunks;
}
