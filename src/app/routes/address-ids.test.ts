import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  SearchParamError,
  createMemoryHistory,
  createRouter,
  isNotFound,
  type AnyRoute,
} from '@tanstack/react-router';
import { newId } from '../../protocol';
import { routeTree } from './route-tree';

const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });
const ID = newId();

/** Not an id, each in its own way: digits (parsed as a number), words, markup, a list, an object. */
const MALFORMED: readonly unknown[] = [
  123,
  '123',
  'abc',
  `${ID}<script>`,
  '',
  [ID],
  { id: ID },
  true,
];

/**
 * How the router takes an address: 'not-found' when one of its routes refuses an id in it (the
 * root's error page shows a refused search as not found; a refused path id is the router's own
 * not-found), 'page' when every route takes it.
 */
function outcome(pathname: string, search: Record<string, unknown> = {}): 'page' | 'not-found' {
  const matches = router.matchRoutes(pathname, search);
  const refused = matches.some(
    (match) => match.searchError instanceof SearchParamError || isNotFound(match.paramsError),
  );
  return refused ? 'not-found' : 'page';
}

describe('ids in the address', () => {
  it.each([
    ['/admin/users/edit', 'id'],
    ['/admin/preferences/chat-bots/bot', 'id'],
    ['/admin/chats', 'chat'],
    ['/admin/preferences/merge-contacts', 'clientId'],
  ])('%s refuses a malformed ?%s= and takes an id or none', (pathname, key) => {
    for (const value of MALFORMED)
      expect(outcome(pathname, { [key]: value }), JSON.stringify(value)).toBe('not-found');
    expect(outcome(pathname, { [key]: ID })).toBe('page');
    expect(outcome(pathname)).toBe('page');
  });

  it.each([
    '/admin/preferences/channels/telegram/edit/$',
    '/admin/preferences/channels/support/edit/$',
    '/admin/preferences/categories/template/$',
    '/link-action/$',
    '/bot-action/$',
  ])('%s refuses a malformed id in the path and takes an id', (template) => {
    for (const segment of ['123', 'abc', `${ID}x`, 'null'])
      expect(outcome(template.replace('$', segment)), segment).toBe('not-found');
    expect(outcome(template.replace('$', ID))).toBe('page');
  });

  // Every route of the tree, not only the ones above: a route added later that reads an id from
  // its address without the check fails here.
  const routes = Object.values(router.routesById as Record<string, AnyRoute>);

  it('no route takes a malformed value into a search key that names an id', () => {
    const idKeys = ['id', 'chat', 'chatId', 'userId', 'teamId', 'botId', 'uuid'];
    for (const route of routes) {
      const schema = route.options.validateSearch as v.GenericSchema | undefined;
      if (!schema) continue;
      for (const key of idKeys)
        for (const value of MALFORMED) {
          const result = v.safeParse(schema, { [key]: value });
          const taken = result.success && key in (result.output as object);
          const kept = taken ? (result.output as Record<string, unknown>)[key] : undefined;
          expect(kept === undefined, `${route.id} ?${key}=${JSON.stringify(value)}`).toBe(true);
        }
    }
  });

  it('every path parameter of the tree that holds an id refuses a malformed one', () => {
    const idRoutes = routes.filter((route) => /\$(id|uuid)\b/.test(route.fullPath as string));
    expect(idRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of idRoutes) {
      const path = (route.fullPath as string).replace(/\$type/, 'telegram');
      expect(outcome(path.replace(/\$(id|uuid)/, 'abc')), route.id).toBe('not-found');
      expect(outcome(path.replace(/\$(id|uuid)/, ID)), route.id).toBe('page');
    }
  });
});
