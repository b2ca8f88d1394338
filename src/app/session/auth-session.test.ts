import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer, CurrentUser } from '../../protocol';
import type { InboxDb } from '../../store';
import type { SyncHandle } from '../../sync/sync-client';
import { INITIAL_SYNC_STATE, type SyncSession, type SyncState } from '../../sync/sync-state';
import type { ApiClient, RequestOptions } from '../../ui/http';
import { AuthSession } from './auth-session';
import { TOKEN_KEY, USER_KEY } from '../../ui/session-token';
import { SessionStorage } from './session-storage';

const user: CurrentUser = {
  id: 'u1',
  name: 'Olga',
  email: 'olga@demo.test',
  language: 'en',
  organization: { id: 'o1', name: 'Demo' },
  role: { name: 'Operator', rights: [{ name: 'AUTHORITY_CHAT_DISTRIBUTION' }] },
  options: [],
};

type UserAnswer = ApiAnswer<unknown> | null;

type Setup = { token?: string | null; cached?: CurrentUser | null; userAnswers?: UserAnswer[] };

function setup({ token = 'tok', cached = null, userAnswers = [] }: Setup = {}) {
  const items = new Map<string, string>();
  if (token) items.set(TOKEN_KEY, token);
  if (cached) items.set(USER_KEY, JSON.stringify(cached));
  const storage = new SessionStorage({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  });
  const requests: { method: string; path: string; options: RequestOptions | undefined }[] = [];
  const api: ApiClient = {
    request: (method, path, options) => {
      requests.push({ method, path, options });
      if (path === '/api/auth/user') return Promise.resolve(userAnswers.shift() ?? null);
      return Promise.resolve({ code: 'ok', entity: null });
    },
  };
  const log: string[] = [];
  const state$ = new BehaviorSubject<SyncState>(INITIAL_SYNC_STATE);
  const started: SyncSession[] = [];
  const auth = new AuthSession({
    api,
    storage,
    baseUrl: 'https://inbox.test',
    isStandalone: () => false,
    runtime: () =>
      Promise.resolve({
        openStore: (orgId, userId) => {
          log.push(`open ${orgId}/${userId}`);
          return Promise.resolve({ close: () => log.push('close') } as unknown as InboxDb);
        },
        deleteStore: (orgId, userId) => {
          log.push(`delete ${orgId}/${userId}`);
          return Promise.resolve();
        },
        startSync: (session) => {
          started.push(session);
          const handle: SyncHandle = {
            state$,
            flush: () => undefined,
            fetchChat: () => Promise.resolve(),
            stop: () => {
              log.push('stop sync');
              return Promise.resolve();
            },
          };
          return handle;
        },
        forgetWorkerSession: () => {
          log.push('forget worker session');
          return Promise.resolve();
        },
      }),
    reloadAtLogin: () => log.push('reload at login'),
    onUserChanged: () => log.push('user changed'),
  });
  return { auth, items, requests, log, state$, started };
}

const ok = (entity: unknown): ApiAnswer<unknown> => ({ code: 'ok', entity });
const refused: ApiAnswer<unknown> = { code: 'error', error: { name: 'UNAUTHORIZED' } };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function activeSession(auth: AuthSession) {
  const outcome = await auth.ensure();
  if (outcome.kind !== 'active') throw new Error(`no session: ${outcome.kind}`);
  return outcome.session;
}

describe('the session of spec §4', () => {
  it('without a token there is no session and nothing is asked', async () => {
    const { auth, requests } = setup({ token: null });
    expect(await auth.ensure()).toEqual({ kind: 'signed-out' });
    expect(requests).toEqual([]);
  });

  it('with a token the current user is loaded, the store opened and sync started for that user', async () => {
    const { auth, items, requests, log, started } = setup({ userAnswers: [ok(user)] });
    const session = await activeSession(auth);
    expect(session.user).toEqual(user);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/auth/user',
      options: { query: { pwa: 'false' } },
    });
    expect(log).toEqual(['open o1/u1']);
    expect(started).toEqual([
      { baseUrl: 'https://inbox.test', token: 'tok', orgId: 'o1', userId: 'u1' },
    ]);
    expect(JSON.parse(items.get(USER_KEY)!)).toEqual(user);
  });

  it('asking twice at once starts one session', async () => {
    const { auth, started } = setup({ userAnswers: [ok(user)] });
    const [a, b] = await Promise.all([activeSession(auth), activeSession(auth)]);
    expect(a).toBe(b);
    expect(started).toHaveLength(1);
  });

  it.each([
    ['refused', refused],
    ['answered with a shape that is not a user', ok({ id: 1 })],
  ])('a user load that is %s removes the token and leads to Login', async (_, answer) => {
    const { auth, items, started } = setup({ userAnswers: [answer] });
    expect(await auth.ensure()).toEqual({ kind: 'signed-out' });
    expect(items.has(TOKEN_KEY)).toBe(false);
    expect(started).toEqual([]);
  });

  it('no answer and no user kept from before is not a refusal: the token stays for the next try', async () => {
    const { auth, items, started } = setup({ userAnswers: [null, ok(user)] });
    expect(await auth.ensure()).toEqual({ kind: 'unreachable' });
    expect(items.get(TOKEN_KEY)).toBe('tok');
    expect(started).toEqual([]);
    expect((await activeSession(auth)).user).toEqual(user);
  });

  it('offline, a user kept for this token opens the workspace and the token stays', async () => {
    const { auth, items } = setup({ cached: user, userAnswers: [null] });
    expect((await activeSession(auth)).user).toEqual(user);
    await settle();
    expect(items.get(TOKEN_KEY)).toBe('tok');
  });

  it('a kept user the server no longer accepts ends the session with a reload at Login', async () => {
    const { auth, items, log } = setup({ cached: user, userAnswers: [refused] });
    await auth.ensure();
    await settle();
    expect(items.has(TOKEN_KEY)).toBe(false);
    expect(log).toContain('reload at login');
    // The local database is kept: its outbox goes out after the next sign-in.
    expect(log.some((entry) => entry.startsWith('delete'))).toBe(false);
  });

  it('changed rights from the server replace the kept user and re-run the guards', async () => {
    const promoted = {
      ...user,
      role: { name: 'Supervisor', rights: [{ name: 'AUTHORITY_ALL_STAT' }] },
    };
    const { auth, log } = setup({ cached: user, userAnswers: [ok(promoted)] });
    await auth.ensure();
    await settle();
    expect(log).toContain('user changed');
    expect((await activeSession(auth)).user).toEqual(promoted);
  });

  it('a user saved in the profile is shown at once, kept for the next start, and re-runs the guards', async () => {
    const { auth, items, log } = setup({ userAnswers: [ok(user)] });
    await auth.ensure();
    const renamed = { ...user, name: 'Olga Petrova', language: 'ru' as const };
    auth.acceptUser(renamed);
    expect((await activeSession(auth)).user).toEqual(renamed);
    expect(JSON.parse(items.get(USER_KEY) ?? 'null')).toEqual(renamed);
    expect(log.filter((entry) => entry === 'user changed')).toHaveLength(1);
    // The same copy again changes nothing and re-runs nothing.
    auth.acceptUser(renamed);
    expect(log.filter((entry) => entry === 'user changed')).toHaveLength(1);
  });

  it('a user copy for someone else than the signed-in user is ignored', async () => {
    const { auth, log } = setup({ userAnswers: [ok(user)] });
    await auth.ensure();
    auth.acceptUser({ ...user, id: 'u2', name: 'Somebody Else' });
    expect((await activeSession(auth)).user).toEqual(user);
    expect(log).not.toContain('user changed');
  });

  it('the sync engine losing its authorization is treated as 401', async () => {
    const { auth, items, log, state$ } = setup({ userAnswers: [ok(user)] });
    await auth.ensure();
    state$.next({ ...INITIAL_SYNC_STATE, authLost: true });
    state$.next({ ...INITIAL_SYNC_STATE, authLost: true });
    await settle();
    expect(items.has(TOKEN_KEY)).toBe(false);
    expect(log.filter((entry) => entry === 'reload at login')).toHaveLength(1);
  });

  it('log out ends the server session, stops sync, deletes the local database and forgets the token', async () => {
    const { auth, items, requests, log } = setup({ userAnswers: [ok(user)] });
    await auth.ensure();
    await auth.signOut();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/auth/acc/logout',
      options: { body: { token: 'tok' } },
    });
    expect(log).toEqual([
      'open o1/u1',
      'stop sync',
      'close',
      'delete o1/u1',
      'forget worker session',
    ]);
    expect(items.size).toBe(0);
    expect(await auth.ensure()).toEqual({ kind: 'signed-out' });
  });

  it('a new token after sign-in starts a new session, dropping the user kept for the old one', () => {
    const { auth, items } = setup({ token: null, cached: user });
    auth.signIn('new');
    expect(items.get(TOKEN_KEY)).toBe('new');
    expect(items.has(USER_KEY)).toBe(false);
  });
});
