import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

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
