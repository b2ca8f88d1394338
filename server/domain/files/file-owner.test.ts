import { describe, expect, it } from 'vitest';
import { mayUseFile, ownerColumns, type FileOwner } from './file-owner';

const staff: FileOwner = { kind: 'staff', orgId: 'org', userId: 'u1' };
const vera: FileOwner = { kind: 'customer', orgId: 'org', channelId: 'site', externalId: 'vera' };
const staffFile = { orgId: 'org', channelId: null, externalId: null };
const verasFile = { orgId: 'org', channelId: 'site', externalId: 'vera' };

describe('who may use a file', () => {
  it.each([
    ['staff, a staff file of their organization', staffFile, staff, true],
    ['staff, a customer’s file of their organization', verasFile, staff, true],
    ['staff, a file of another organization', { ...staffFile, orgId: 'other' }, staff, false],
    ['a customer, their own upload', verasFile, vera, true],
    ['a customer, another customer’s upload', { ...verasFile, externalId: 'ivan' }, vera, false],
    ['a customer, their id in another channel', { ...verasFile, channelId: 'tg' }, vera, false],
    ['a customer, a staff file', staffFile, vera, false],
    ['a customer, another organization', { ...verasFile, orgId: 'other' }, vera, false],
  ] as const)('%s: %s', (_case, file, owner, allowed) => {
    expect(mayUseFile(file, owner)).toBe(allowed);
  });

  it('records a customer’s file without a staff uploader, and a staff file without a customer', () => {
    expect(ownerColumns(vera)).toEqual({
      orgId: 'org',
      uploadedBy: null,
      channelId: 'site',
      externalId: 'vera',
    });
    expect(ownerColumns(staff)).toEqual({
      orgId: 'org',
      uploadedBy: 'u1',
      channelId: null,
      externalId: null,
    });
  });
});
