import { describe, expect, it } from 'vitest';
import { channelPageType } from './channel-pages';

describe('channel pages of spec §2', () => {
  it.each([
    ['telegram', 'list', 'telegram'],
    ['telegram', 'create', 'telegram'],
    ['instagram', 'edit', 'instagram'],
    ['support', 'edit', 'support'],
    ['support', 'list', null],
    ['support', 'create', null],
    // Not among spec §2's pages, but issue 23's channel: connected from its own pages too.
    ['avito', 'list', 'avito'],
    ['ozon', 'list', null],
    ['nonsense', 'edit', null],
  ] as const)('%s has a %s page: %s', (segment, page, type) => {
    expect(channelPageType(segment, page)).toBe(type);
  });
});
