import { describe, expect, it } from 'vitest';
import {
  drawableScreenCopy,
  listAddress,
  type ScreenCopy,
  type StartingPage,
} from './screen-copy-rules';

const kept: ScreenCopy = {
  build: 'http://app.test/assets/index-abc.js',
  dbName: 'sc-org-user',
  viewerId: 'user',
  filter: 'closed',
  version: 41,
  address: '/admin/chats?filter=closed',
  markup: '<div class="shell">…</div>',
};

const starting = (over: Partial<StartingPage> = {}): StartingPage => ({
  build: kept.build,
  pathname: '/admin/chats',
  search: '?filter=closed',
  signedIn: true,
  userId: 'user',
  currentListVersion: (dbName, filter, viewerId) =>
    dbName === 'sc-org-user' && filter === 'closed' && viewerId === 'user' ? 41 : undefined,
  ...over,
});

describe('the list address a screen copy is kept and drawn at', () => {
  it('is the chat list alone, with its filter', () => {
    expect(listAddress('/admin/chats', '?filter=closed', 'closed')).toBe(
      '/admin/chats?filter=closed',
    );
    // No filter, or one the list does not know, is In progress (the list's search schema).
    expect(listAddress('/admin/chats', '', 'assigned')).toBe('/admin/chats');
    expect(listAddress('/admin/chats', '?filter=nonsense', 'assigned')).toBe(
      '/admin/chats?filter=nonsense',
    );
  });

  it('is no address when a chat or the create pane is open, another list, or another page', () => {
    expect(listAddress('/admin/chats', '?filter=closed&chat=abc', 'closed')).toBeUndefined();
    expect(listAddress('/admin/chats', '?filter=closed&create=true', 'closed')).toBeUndefined();
    expect(listAddress('/admin/chats', '?filter=open', 'closed')).toBeUndefined();
    expect(listAddress('/admin/reports', '?filter=closed', 'closed')).toBeUndefined();
  });
});

describe('a kept screen drawn at a start', () => {
  it('is drawn at its own address, by its build, for its viewer, while its list is current', () => {
    expect(drawableScreenCopy(JSON.stringify(kept), starting())).toEqual(kept);
  });

  it('is not drawn once a later write was heard: its list copy is no longer current', () => {
    expect(
      drawableScreenCopy(JSON.stringify(kept), starting({ currentListVersion: () => 42 })),
    ).toBeUndefined();
    expect(
      drawableScreenCopy(JSON.stringify(kept), starting({ currentListVersion: () => undefined })),
    ).toBeUndefined();
  });

  it('is not drawn by another build, at another address, signed out, or for another user', () => {
    const stored = JSON.stringify(kept);
    expect(
      drawableScreenCopy(stored, starting({ build: 'http://app.test/assets/index-def.js' })),
    ).toBeUndefined();
    expect(drawableScreenCopy(stored, starting({ search: '?filter=open' }))).toBeUndefined();
    expect(
      drawableScreenCopy(stored, starting({ search: '?filter=closed&chat=abc' })),
    ).toBeUndefined();
    expect(drawableScreenCopy(stored, starting({ signedIn: false }))).toBeUndefined();
    expect(drawableScreenCopy(stored, starting({ userId: 'someone-else' }))).toBeUndefined();
    expect(drawableScreenCopy(stored, starting({ userId: undefined }))).toBeUndefined();
  });

  it('is nothing when what is stored is absent, broken or of another shape', () => {
    expect(drawableScreenCopy(null, starting())).toBeUndefined();
    expect(drawableScreenCopy('{not json', starting())).toBeUndefined();
    expect(drawableScreenCopy('42', starting())).toBeUndefined();
    expect(drawableScreenCopy(JSON.stringify({ ...kept, markup: 7 }), starting())).toBeUndefined();
    expect(
      drawableScreenCopy(JSON.stringify({ ...kept, filter: 'spam' }), starting()),
    ).toBeUndefined();
    expect(
      drawableScreenCopy(JSON.stringify({ ...kept, version: '41' }), starting()),
    ).toBeUndefined();
  });
});
