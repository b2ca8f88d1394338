import type { ClientField } from '../../src/protocol/entities/client';
import type { StatusColour } from '../../src/protocol/entities/client-status';

/** The demo organization's own client statuses, beside the six inner ones. */
export const DEMO_STATUSES: readonly { key: string; name: string; colour: StatusColour }[] = [
  { key: 'key', name: 'Key account', colour: 'violet' },
  { key: 'payment', name: 'Awaiting payment', colour: 'amber' },
  { key: 'distributor', name: 'Distributor', colour: 'teal' },
];

/** The one company the demo's profiles link to; its CRM id is unique in the organization. */
export const DEMO_COMPANY = { name: 'Northwind Trading', outerId: 'CRM-1042' };

/** A filled profile of a demo client: what a newcomer opening their chat sees on the panel. */
export type DemoProfile = {
  tags?: string[];
  fields?: ClientField[];
  /** A key of DEMO_STATUSES, or an inner status. */
  status?: string;
  company?: boolean;
  comments?: { by: 'operator' | 'supervisor'; text: string; minutesAgo: number }[];
};

/**
 * Profiles by the client's place in the demo list: the first waits in Support's queue, the sixth
 * to eighth are the demo operator's own chats, the tenth the supervisor's, so each login opens a
 * chat with a profile worth reading.
 */
export const DEMO_PROFILES: Readonly<Record<number, DemoProfile>> = {
  0: {
    tags: ['New lead'],
    fields: [{ name: 'City', value: 'Moscow' }],
    status: 'POTENTIAL_CLIENT',
  },
  5: {
    tags: ['VIP', 'Wholesale'],
    fields: [
      { name: 'Contract', value: 'C-2025-0417' },
      { name: 'City', value: 'Saint Petersburg' },
    ],
    status: 'key',
    company: true,
    comments: [
      { by: 'supervisor', text: 'Buys for the whole office every quarter.', minutesAgo: 2880 },
      { by: 'operator', text: 'Prefers e-mail for invoices.', minutesAgo: 90 },
    ],
  },
  6: {
    tags: ['Delivery issue'],
    status: 'payment',
    comments: [{ by: 'operator', text: 'Asked to call back after 6 pm.', minutesAgo: 30 }],
  },
  7: {
    tags: ['Returning', 'Loyalty card'],
    fields: [{ name: 'Customer since', value: '2021' }],
    status: 'CONTACT_LATER',
  },
  9: {
    tags: ['B2B'],
    fields: [{ name: 'Contract', value: 'C-2024-0093' }],
    status: 'distributor',
    company: true,
    comments: [{ by: 'supervisor', text: 'Partner discount agreed: 7 %.', minutesAgo: 600 }],
  },
};
