import { describe, expect, it } from 'vitest';
import {
  notificationTarget,
  notificationWindow,
  type WindowCandidate,
} from './notification-target';

const ORIGIN = 'https://inbox.example';

describe('where a notification click leads', () => {
  it.each<[string, unknown, string]>([
    [
      'the chat the notice is about',
      { url: '/admin/chats?filter=assigned&chat=0190' },
      '/admin/chats?filter=assigned&chat=0190',
    ],
    ['the workspace when the notice carries nothing', undefined, '/admin'],
    ['the workspace when the address is not text', { url: 42 }, '/admin'],
    ['the workspace for another site', { url: 'https://evil.example/x' }, '/admin'],
    ['the workspace for a protocol-relative address', { url: '//evil.example/x' }, '/admin'],
    ['the workspace for a script address', { url: 'javascript:alert(1)' }, '/admin'],
  ])('%s', (_, data, expected) => {
    expect(notificationTarget(data, ORIGIN)).toBe(expected);
  });
});

describe('which open page a notification click goes to', () => {
  const page = (path: string, frameType?: string, origin = ORIGIN): WindowCandidate => ({
    url: `${origin}${path}`,
    frameType,
  });
  it.each<[string, WindowCandidate[], WindowCandidate | undefined]>([
    ['none open: a new window', [], undefined],
    [
      'the workspace before another page of the app',
      [page('/', 'top-level'), page('/admin/chats', 'top-level')],
      page('/admin/chats', 'top-level'),
    ],
    ['the workspace at its root', [page('/landing'), page('/admin')], page('/admin')],
    [
      'the first of several workspace windows (matchAll lists the last focused first)',
      [page('/admin/chats?chat=1', 'top-level'), page('/admin/users', 'top-level')],
      page('/admin/chats?chat=1', 'top-level'),
    ],
    [
      'a page of the app outside the workspace when it is the only one',
      [page('/link-action/1', 'top-level')],
      page('/link-action/1', 'top-level'),
    ],
    [
      'never the workspace in a frame',
      [page('/admin/chats', 'nested'), page('/', 'top-level')],
      page('/', 'top-level'),
    ],
    ['no frame at all: a new window', [page('/admin/chats', 'nested')], undefined],
    [
      'a window another one opened',
      [page('/', 'top-level'), page('/admin', 'auxiliary')],
      page('/admin', 'auxiliary'),
    ],
    [
      'a window without frameType, in a browser that has none',
      [page('/admin/chats')],
      page('/admin/chats'),
    ],
    ['never another site', [page('/admin', 'top-level', 'https://evil.example')], undefined],
    [
      'not a path that only starts like the workspace',
      [page('/administrator', 'top-level'), page('/admin/chats', 'top-level')],
      page('/admin/chats', 'top-level'),
    ],
  ])('%s', (_, candidates, expected) => {
    expect(notificationWindow(candidates, ORIGIN)).toEqual(expected);
  });
});
