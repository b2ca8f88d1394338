import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-paths';

describe("the app's own addresses", () => {
  it.each([
    ['/', true],
    ['/?x=1', true],
    ['/#top', true],
    ['/admin', true],
    ['/admin/chats?filter=open', true],
    ['/link-action/abc', true],
    ['/no-rights', true],
    ['/demo/site', false],
    ['/api/sync/live', false],
    ['/widget.js', false],
    ['/adminx', false],
    ['//admin', false],
    ['', false],
    ['admin', false],
  ])('%s is the app’s: %s', (path, owned) => {
    expect(isAppPath(path)).toBe(owned);
  });
});
