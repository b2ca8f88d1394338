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
    ['avito', 'list', null],
    ['nonsense', 'edit', null],
  ] as const)('%s has a %s page: %s', (segment, page, type) => {
    expect(channelPageType(segment, page)).toBe(type);
  });
});
