import { describe, expect, it } from 'vitest';
import { newId, type BlacklistEntry, type BlockedMessage } from '../../protocol';
import { problemText } from '../../ui/forms/field-problems';
import { SHELL_EN, createTranslator } from '../../ui/i18n';
import { CLIENT_SETTINGS_EN } from './client-settings-messages';
import { blacklistRefusal, checkBlacklistForm, type BlacklistFormValues } from './blacklist-form';
import { blacklistView } from './blacklist-list';

const en = createTranslator('en', { ...SHELL_EN, ...CLIENT_SETTINGS_EN });
const entryId = newId();
const channelId = newId();

const form = (changes: Partial<BlacklistFormValues>): BlacklistFormValues => ({
  kind: 'phone',
  value: '',
  channelId: '',
  ...changes,
});

function problemAt(values: BlacklistFormValues, field: 'value' | 'channelId') {
  const result = checkBlacklistForm(values, entryId);
  if (result.ok) return undefined;
  const problem = result.problems[field];
  return problem ? problemText(problem, en) : undefined;
}

describe('adding to the blacklist', () => {
  it('stores a phone as E.164 and an e-mail in lower case, as contacts are matched', () => {
    expect(checkBlacklistForm(form({ value: '8 (912) 123-45-67' }), entryId)).toEqual({
      ok: true,
      payload: { entryId, kind: 'phone', value: '+79121234567', channelId: null },
    });
    const email = checkBlacklistForm(form({ kind: 'email', value: ' Spam@Example.COM ' }), entryId);
    expect(email.ok && email.payload.value).toBe('spam@example.com');
  });

  it('keeps a channel identity as typed, with its channel', () => {
    const result = checkBlacklistForm(
      form({ kind: 'channel', value: ' visitor-42 ', channelId }),
      entryId,
    );
    expect(result).toEqual({
      ok: true,
      payload: { entryId, kind: 'channel', value: 'visitor-42', channelId },
    });
  });

  it('drops a channel left over from an identity when a phone is added', () => {
    const result = checkBlacklistForm(form({ value: '+7 912 123 45 67', channelId }), entryId);
    expect(result.ok && result.payload.channelId).toBeNull();
  });

  it('names what is wrong: no value, a wrong phone or e-mail, no channel', () => {
    expect(problemAt(form({ value: '  ' }), 'value')).toBe(en.t('form.required'));
    expect(problemAt(form({ value: '12' }), 'value')).toBe(en.error('INVALID_PHONE'));
    expect(problemAt(form({ kind: 'email', value: 'nobody@' }), 'value')).toBe(
      en.error('INVALID_EMAIL_FORMAT'),
    );
    expect(problemAt(form({ kind: 'channel', value: 'v-1' }), 'channelId')).toBe(
      en.t('form.required'),
    );
  });

  it('shows the server refusing a channel at the channel, and a listed value at the value', () => {
    expect(blacklistRefusal({ name: 'CHANNEL_NOT_FOUND' }).field).toBe('channelId');
    const listed = blacklistRefusal({ name: 'BLACKLIST_ENTRY_EXISTS' });
    expect(listed.field).toBe('value');
    expect(problemText(listed.problem, en)).toBe(en.error('BLACKLIST_ENTRY_EXISTS'));
  });
});

describe('the blacklist page', () => {
  const entry = (id: string, addedAt: string, addedBy: string | null): BlacklistEntry => ({
    id,
    kind: 'channel',
    value: 'visitor-1',
    channelId,
    addedBy,
    addedAt,
  });
  const message = (id: string, of: string, receivedAt: string): BlockedMessage => ({
    id,
    entryId: of,
    channelId,
    externalId: id,
    name: 'Eve',
    text: '<b>hi</b>',
    attachmentCount: 0,
    receivedAt,
  });
  const older = newId();
  const newer = newId();
  const admin = newId();

  it('lists entries and their set-aside messages newest first, with channel and author names', () => {
    const { rows, orphaned } = blacklistView(
      [
        entry(older, '2026-01-01T00:00:00.000Z', admin),
        entry(newer, '2026-02-01T00:00:00.000Z', null),
      ],
      [
        message('m1', older, '2026-01-02T00:00:00.000Z'),
        message('m2', older, '2026-01-03T00:00:00.000Z'),
        message('m3', newId(), '2026-01-04T00:00:00.000Z'),
      ],
      [{ id: channelId, name: 'Site chat' }],
      [{ id: admin, name: 'Ann' }],
    );
    expect(rows.map((row) => row.id)).toEqual([newer, older]);
    expect(rows[1]?.messages.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(rows[1]).toMatchObject({ channelName: 'Site chat', addedByName: 'Ann' });
    expect(rows[0]).toMatchObject({ addedByName: null, messages: [] });
    // A message of an entry since removed stays on the page.
    expect(orphaned.map((m) => m.id)).toEqual(['m3']);
  });

  it('tells a deleted channel and a former user apart from none', () => {
    const {
      rows: [row],
    } = blacklistView([entry(older, '2026-01-01T00:00:00.000Z', admin)], [], [], []);
    expect(row?.channelName).toBeUndefined();
    expect(row?.addedByName).toBeUndefined();
  });
});
