import {
  INNER_CLIENT_STATUSES,
  isStatusColour,
  STATUS_COLOURS,
  type Client,
  type ClientStatus,
  type InnerClientStatus,
  type StatusColour,
} from '../../protocol';

/** An inner status as the page lists it: its name and how many clients hold it. */
export type InnerStatusRow = { status: InnerClientStatus; clients: number };

/** A custom status as the page lists it, with its colour's hex (null for a name no longer in the palette). */
export type CustomStatusRow = ClientStatus & {
  clients: number;
  colourName: StatusColour | null;
  hex: string | null;
};

/** How many clients hold each status value (an inner name or a custom status id). */
export function statusUsage(clients: readonly Pick<Client, 'status'>[]): Map<string, number> {
  const usage = new Map<string, number>();
  for (const client of clients) usage.set(client.status, (usage.get(client.status) ?? 0) + 1);
  return usage;
}

/** The six inner statuses in the spec's order (spec §3), each with its client count. */
export function innerStatusRows(usage: ReadonlyMap<string, number>): InnerStatusRow[] {
  return INNER_CLIENT_STATUSES.map((status) => ({ status, clients: usage.get(status) ?? 0 }));
}

/** The organization's statuses in name order, each with its client count and colour. */
export function customStatusRows(
  statuses: readonly ClientStatus[],
  usage: ReadonlyMap<string, number>,
): CustomStatusRow[] {
  return statuses
    .map((status) => {
      const colourName = isStatusColour(status.colour) ? status.colour : null;
      return {
        ...status,
        clients: usage.get(status.id) ?? 0,
        colourName,
        hex: colourName ? STATUS_COLOURS[colourName] : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
