import { describe, expect, it } from 'vitest';
import type { Channel, Client, ClientContact, ClientStatus, Company, User } from '../../protocol';
import {
  canDeleteComment,
  commentsNewestFirst,
  companySides,
  contactGroups,
  currentStatus,
  managerChoices,
  statusChoices,
} from './profile-view';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const contact = (
  n: number,
  kind: ClientContact['kind'],
  value: string,
  channelId: string | null = null,
): ClientContact => ({
  id: id(n),
  clientId: id(100),
  kind,
  value,
  channelId,
  createdAt: `2026-01-0${String(n)}T00:00:00Z`,
});
const client: Client = {
  id: id(100),
  name: 'Anna',
  phone: null,
  email: null,
  status: id(50),
  tags: [],
  fields: [],
  companyIds: [id(61), id(69)],
  personalManagerId: id(71),
  spam: false,
  createdAt: '',
  updatedAt: '',
};

describe('the profile’s lists', () => {
  it('contacts by kind, oldest first, identities named by their channel', () => {
    const channels = [{ id: id(40), name: 'Site chat' } as Channel];
    const groups = contactGroups(
      [
        contact(3, 'phone', '+2'),
        contact(1, 'phone', '+1'),
        contact(2, 'email', 'a@b.test'),
        contact(4, 'channel', 'v-1', id(40)),
        contact(5, 'channel', 'v-2', id(41)),
      ],
      channels,
    );
    expect(groups.phones.map((c) => c.value)).toEqual(['+1', '+2']);
    expect(groups.emails.map((c) => c.value)).toEqual(['a@b.test']);
    expect(groups.identities.map((i) => i.channelName)).toEqual(['Site chat', null]);
  });

  it('the six inner statuses first, then the organization’s own by name with their colour', () => {
    const statuses: ClientStatus[] = [
      { id: id(51), name: 'Warm', colour: 'orange', createdAt: '', updatedAt: '' },
      { id: id(50), name: 'Hot', colour: 'red', createdAt: '', updatedAt: '' },
    ];
    const choices = statusChoices(statuses);
    expect(choices.map((c) => c.value)).toEqual([
      'NEW',
      'POTENTIAL_CLIENT',
      'CONTACT_LATER',
      'COMPLETED',
      'NOT_OUR_CLIENT',
      'REFUSAL',
      id(50),
      id(51),
    ]);
    expect(currentStatus(client, choices)).toMatchObject({ name: 'Hot', colour: '#E53935' });
    expect(currentStatus({ ...client, status: id(59) }, choices)).toBeNull();
    expect(currentStatus({ ...client, status: 'REFUSAL' }, choices)).toEqual({
      value: 'REFUSAL',
      inner: true,
    });
  });

  it('managers: active users by name, and the current one even when deactivated', () => {
    const users = [
      { id: id(72), name: 'Zoe', active: true },
      { id: id(71), name: 'Ivan', active: false },
      { id: id(73), name: 'Bob', active: false },
    ] as User[];
    expect(managerChoices(users, id(71)).map((u) => u.name)).toEqual(['Ivan', 'Zoe']);
  });

  it('linked companies in link order, the others by name, and those this browser lacks counted', () => {
    const companies = [
      { id: id(62), name: 'Beta' },
      { id: id(61), name: 'Zeta' },
      { id: id(63), name: 'Alpha' },
    ] as Company[];
    const sides = companySides(client, companies);
    expect(sides.linked.map((c) => c.name)).toEqual(['Zeta']);
    expect(sides.others.map((c) => c.name)).toEqual(['Alpha', 'Beta']);
    expect(sides.missing).toBe(1);
  });

  it('comments newest first; only one’s own can be deleted', () => {
    const older = {
      id: id(1),
      clientId: id(100),
      authorId: id(71),
      text: 'a',
      createdAt: '2026-01-01T00:00:00Z',
    };
    const newer = { ...older, id: id(2), authorId: null, createdAt: '2026-01-02T00:00:00Z' };
    expect(commentsNewestFirst([older, newer]).map((c) => c.id)).toEqual([id(2), id(1)]);
    expect(canDeleteComment(older, id(71))).toBe(true);
    expect(canDeleteComment(newer, id(71))).toBe(false);
  });
});
