import type { Client } from '../../protocol';

/**
 * How a client matches a trimmed, lower-case query: 0 when the name starts with it, 1 when the
 * name holds it, 2 when the phone holds its digits (three or more, compared by digits, so
 * "+7 900" finds "79001234567"); -1 when it does not match.
 */
export function clientMatchScore(client: Client, q: string, digits = q.replace(/\D/g, '')): number {
  const name = client.name.toLowerCase();
  if (name.startsWith(q)) return 0;
  if (name.includes(q)) return 1;
  if (digits.length >= 3 && (client.phone ?? '').replace(/\D/g, '').includes(digits)) return 2;
  return -1;
}

/** Clients matching what the operator typed: by name or phone, best matches (name starts) first. */
export function searchClients(clients: readonly Client[], query: string, limit = 20): Client[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...clients].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
  const digits = q.replace(/\D/g, '');
  const scored: { client: Client; score: number }[] = [];
  for (const client of clients) {
    const score = clientMatchScore(client, q, digits);
    if (score >= 0) scored.push({ client, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.client.name.localeCompare(b.client.name))
    .slice(0, limit)
    .map((entry) => entry.client);
}
