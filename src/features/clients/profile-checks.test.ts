import { describe, expect, it } from 'vitest';
import type { ClientContact, Company } from '../../protocol';
import { checkComment, checkCompany, checkContact, checkField, checkTag } from './profile-checks';

const CLIENT = '00000000-0000-7000-8000-0000000000d1';
const CONTACT = '00000000-0000-7000-8000-0000000000d2';
const COMPANY = '00000000-0000-7000-8000-0000000000d3';

describe('a tag typed on the profile', () => {
  it.each([
    ['a word', 'lead', { ok: true, payload: { clientId: CLIENT, tag: 'lead' } }],
    [
      'words with one space, trimmed',
      '  new lead ',
      { ok: true, payload: { clientId: CLIENT, tag: 'new lead' } },
    ],
    ['nothing', '   ', { ok: false, problem: { kind: 'required' } }],
    ['two spaces between words', 'new  lead', { ok: false, problem: { kind: 'tagFormat' } }],
    ['punctuation', 'vip!', { ok: false, problem: { kind: 'tagFormat' } }],
    ['over 32 characters', 'a'.repeat(33), { ok: false, problem: { kind: 'tooLong', max: 32 } }],
    [
      'one the profile has in another case',
      'Vip',
      { ok: false, problem: { kind: 'error', name: 'PROFILE_TAG_EXISTS' } },
    ],
  ])('%s', (_case, raw, expected) => {
    expect(checkTag(CLIENT, raw, ['VIP'])).toEqual(expected);
  });
});

describe('an additional field', () => {
  it('is sent trimmed; a name the profile has is refused at the name', () => {
    expect(checkField(CLIENT, ' Plan ', ' Gold ', [])).toEqual({
      ok: true,
      payload: { clientId: CLIENT, name: 'Plan', value: 'Gold' },
    });
    expect(checkField(CLIENT, 'plan', 'x', [{ name: 'Plan', value: '' }])).toEqual({
      ok: false,
      field: 'name',
      problem: { kind: 'error', name: 'PROFILE_FIELD_EXISTS' },
    });
    expect(checkField(CLIENT, '', 'x', [])).toMatchObject({
      ok: false,
      field: 'name',
      problem: { kind: 'required' },
    });
    expect(checkField(CLIENT, 'Note', 'x'.repeat(1001), [])).toMatchObject({
      ok: false,
      field: 'value',
      problem: { kind: 'tooLong' },
    });
  });
});

describe('a contact typed on the profile', () => {
  const held: ClientContact[] = [
    {
      id: CONTACT,
      clientId: CLIENT,
      kind: 'phone',
      value: '+79121234567',
      channelId: null,
      createdAt: '',
    },
  ];
  it.each([
    ['a Russian phone without its code', 'phone', '8 (912) 765-43-21', { ok: true }],
    [
      'a phone that is no number',
      'phone',
      '12',
      { ok: false, problem: { kind: 'error', name: 'INVALID_PHONE' } },
    ],
    [
      'the same phone written otherwise',
      'phone',
      '+7 912 123 45 67',
      { ok: false, problem: { kind: 'error', name: 'PROFILE_CONTACT_EXISTS' } },
    ],
    ['an e-mail', 'email', 'Anna@Mail.test', { ok: true }],
    [
      'a wrong e-mail',
      'email',
      'anna@',
      { ok: false, problem: { kind: 'error', name: 'INVALID_EMAIL_FORMAT' } },
    ],
    ['nothing', 'email', ' ', { ok: false, problem: { kind: 'required' } }],
  ] as const)('%s', (_case, kind, raw, expected) => {
    expect(checkContact(CLIENT, CONTACT, kind, raw, held)).toMatchObject(expected);
  });
});

describe('a company created from the profile', () => {
  const companies: Company[] = [
    { id: COMPANY, name: 'Acme', outerId: 'crm-1', createdAt: '', updatedAt: '' },
  ];
  it('needs a name; its CRM id is optional and unique', () => {
    expect(checkCompany(CLIENT, COMPANY, 'Beta', '  ', companies)).toMatchObject({
      ok: true,
      payload: { name: 'Beta', outerId: null, clientId: CLIENT },
    });
    expect(checkCompany(CLIENT, COMPANY, 'Beta', 'crm-1', companies)).toEqual({
      ok: false,
      field: 'outerId',
      problem: { kind: 'error', name: 'OUTER_COMPANY_EXISTS' },
    });
    expect(checkCompany(CLIENT, COMPANY, ' ', '', companies)).toMatchObject({
      ok: false,
      field: 'name',
      problem: { kind: 'required' },
    });
  });
});

it('a comment needs words', () => {
  expect(checkComment(CLIENT, CONTACT, '  ')).toMatchObject({
    ok: false,
    problem: { kind: 'required' },
  });
  expect(checkComment(CLIENT, CONTACT, ' Called ')).toMatchObject({
    ok: true,
    payload: { text: 'Called' },
  });
});
