import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { APP_PATH_ROOTS, isAppPath } from '../../protocol';
import { GUARDS } from '../guards';
import { routeTree } from './route-tree';

const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });
// Index routes end in a slash; their page lives at the parent's address.
const paths = new Set(
  Object.keys(router.routesByPath).map((path) =>
    path.length > 1 ? path.replace(/\/$/, '') : path,
  ),
);

/** Spec §2, every address of the product. */
const SPEC_PATHS = [
  '/',
  '/restore',
  '/signup',
  '/registration/phone-confirmation/$token',
  '/not-found',
  '/service-unavailable',
  '/unknown-error',
  '/no-rights',
  '/link-action/$uuid',
  '/bot-action/$uuid',
  '/success',
  '/already-used',
  '/admin',
  '/admin/chats',
  '/admin/ai',
  '/admin/options',
  '/admin/expanded-search',
  '/admin/support',
  '/admin/profile',
  '/admin/profile/general',
  '/admin/profile/authentication',
  '/admin/reports',
  ...['report', 'common', 'dialogs', 'channels', 'employees', 'teams', 'time', 'categories'].map(
    (r) => `/admin/reports/${r}`,
  ),
  '/admin/users',
  '/admin/users/all',
  '/admin/users/edit',
  '/admin/teams',
  '/admin/teams/all',
  '/admin/preferences',
  '/admin/preferences/plans',
  '/admin/preferences/channels',
  '/admin/preferences/channels/all',
  '/admin/preferences/channels/$type',
  '/admin/preferences/channels/$type/create',
  '/admin/preferences/channels/$type/edit/$id',
  '/admin/preferences/roles',
  '/admin/preferences/companies',
  '/admin/preferences/statuses',
  '/admin/preferences/templates',
  '/admin/preferences/templates/custom',
  '/admin/preferences/templates/whats-app',
  '/admin/preferences/chat-bots',
  '/admin/preferences/chat-bots/bot',
  '/admin/preferences/extensions',
  '/admin/preferences/black-list',
  '/admin/preferences/merge-contacts',
  '/admin/preferences/categories',
  '/admin/preferences/categories/template',
  '/admin/preferences/categories/template/$id',
  '/admin/monitoring',
  ...['channels', 'teams', 'operators', 'abonents'].map((m) => `/admin/monitoring/${m}`),
  '/admin/finance',
  '/admin/finance/balance',
  '/admin/finance/payments',
  '/admin/finance/billing',
];

/**
 * Addresses the product adds to spec §2's, each for a screen an issue asks for: the client's full
 * profile with the interaction history (issue 18, docs/client-profiles.md).
 */
const ADDED_PATHS = ['/admin/clients/$clientId'];

describe('the route tree of spec §2', () => {
  it.each(SPEC_PATHS)('has %s', (path) => {
    expect(paths).toContain(path);
  });

  it.each(ADDED_PATHS)('has the added %s', (path) => {
    expect(paths).toContain(path);
  });

  it('has no address the specification does not list, but those the product adds', () => {
    expect(
      [...paths].filter((path) => !SPEC_PATHS.includes(path) && !ADDED_PATHS.includes(path)),
    ).toEqual([]);
  });

  it.each(GUARDS.map((guard) => guard.path))('the guard for %s covers a real route', (path) => {
    expect(paths).toContain(path);
  });

  it("is the app's own addresses that the service worker answers, and no more", () => {
    const roots = new Set([...paths].map((path) => path.split('/')[1] ?? ''));
    roots.delete('');
    expect([...roots].sort()).toEqual([...APP_PATH_ROOTS].sort());
    for (const path of paths) expect(isAppPath(path), path).toBe(true);
  });
});
