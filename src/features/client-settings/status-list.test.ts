import { describe, expect, it } from 'vitest';
import { INNER_CLIENT_STATUSES, STATUS_COLOURS, newId, type ClientStatus } from '../../protocol';
import { customStatusRows, innerStatusRows, statusUsage } from './status-list';

const at = '2026-01-01T00:00:00.000Z';
const status = (name: string, colour: string): ClientStatus => ({
  id: newId(),
  name,
  colour,
  createdAt: at,
  updatedAt: at,
});

describe('the statuses list', () => {
  const vip = status('VIP', 'amber');
  const wholesale = status('wholesale', 'mauve');
  const clients = [{ status: 'NEW' }, { status: 'NEW' }, { status: vip.id }, { status: 'REFUSAL' }];
  const usage = statusUsage(clients);

  it('lists the six inner statuses in the spec order with how many clients hold each', () => {
    const rows = innerStatusRows(usage);
    expect(rows.map((row) => row.status)).toEqual([...INNER_CLIENT_STATUSES]);
    expect(rows.find((row) => row.status === 'NEW')?.clients).toBe(2);
    expect(rows.find((row) => row.status === 'COMPLETED')?.clients).toBe(0);
  });

  it('lists custom statuses by name with their client count and colour', () => {
    const rows = customStatusRows([wholesale, vip], usage);
    expect(rows.map((row) => row.name)).toEqual(['VIP', 'wholesale']);
    expect(rows[0]).toMatchObject({ clients: 1, colourName: 'amber', hex: STATUS_COLOURS.amber });
    // A colour name the palette no longer holds shows as unknown rather than breaking the list.
    expect(rows[1]).toMatchObject({ clients: 0, colourName: null, hex: null });
  });
});
