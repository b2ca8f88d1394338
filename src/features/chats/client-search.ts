import type { Client } from '../../protocol';

/** Clients matching what the operator typed: by name or phone, best matches (name starts) first. */
export function searchClients(clients: readonly Client[], query: string, limit = 20): Client[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...clients].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
  const digits = q.replace(/\D/g, '');
  const scored: { client: Client; score: number }[] = [];
  for (const client of clients) {
    const name = client.name.toLowerCase();
    const phone = (client.phone ?? '').replace(/\D/g, '');
    let score = -1;
    if (name.startsWith(q)) score = 0;
    else if (name.includes(q)) score = 1;
    else if (digits.length >= 3 && phone.includes(digits)) score = 2;
    if (score >= 0) scored.push({ client, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.client.name.localeCompare(b.client.name))
    .slice(0, limit)
    .map((entry) => entry.client);
}
