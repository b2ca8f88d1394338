import { describe, expect, it } from 'vitest';
import { chatListOf, clientProfileAccess, mergeContactsHref } from './client-profile-access';

const user = (rights: string[], options: string[]) => ({
  role: { rights: rights.map((name) => ({ name })) },
  options,
});

describe('who edits a client profile', () => {
  it.each([
    [
      'the right on a plan with the option',
      ['AUTHORITY_PROFILE_UPDATE'],
      ['OPTION_CLIENT_PROFILE'],
      'edit',
    ],
    ['no right', ['AUTHORITY_CHAT_DISTRIBUTION'], ['OPTION_CLIENT_PROFILE'], 'noRight'],
    ['the right on a plan without the option', ['AUTHORITY_PROFILE_UPDATE'], [], 'noOption'],
  ])('%s', (_case, rights, options, expected) => {
    expect(clientProfileAccess(user(rights, options) as never)).toBe(expected);
  });

  it('the merge page opens for the client; a chat opens in its own list', () => {
    expect(mergeContactsHref('abc')).toBe('/admin/preferences/merge-contacts?clientId=abc');
    expect(chatListOf('pending')).toBe('open');
    expect(chatListOf('closed')).toBe('closed');
  });
});
