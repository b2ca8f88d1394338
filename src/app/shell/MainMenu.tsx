import { useState, type ReactNode } from 'react';
import { Link, linkOptions, useNavigate } from '@tanstack/react-router';
import { MY_STATISTICS_ANCHOR } from '../../features/profile/my-statistics-anchor';
import { PLATFORM_NAME } from '../../protocol';
import { CHAT_FILTERS, type ChatFilter } from '../../store';
import { useI18n } from '../../ui/i18n';
import { accessOf } from '../guards';
import type { ActiveSession, AuthSession } from '../session/auth-session';
import { isPlainClick } from '../../ui/plain-click';
import { chosenList } from './chosen-list';
import { ConnectionStatus } from './ConnectionStatus';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { menuFor, type MenuEntry } from './menu';
import { hasOperatorStatus } from './operator-status';
import { OperatorStatusSwitch } from './OperatorStatusSwitch';
import { useSyncSnapshot } from './use-sync-snapshot';

const LINKS = {
  assigned: linkOptions({ to: '/admin/chats', search: { filter: 'assigned' } }),
  open: linkOptions({ to: '/admin/chats', search: { filter: 'open' } }),
  closed: linkOptions({ to: '/admin/chats', search: { filter: 'closed' } }),
  expired: linkOptions({ to: '/admin/chats', search: { filter: 'expired' } }),
  created: linkOptions({ to: '/admin/chats', search: { filter: 'created' } }),
  reports: linkOptions({ to: '/admin/reports' }),
  users: linkOptions({ to: '/admin/users' }),
  teams: linkOptions({ to: '/admin/teams' }),
  preferences: linkOptions({ to: '/admin/preferences' }),
  finance: linkOptions({ to: '/admin/finance' }),
  monitoring: linkOptions({ to: '/admin/monitoring' }),
  support: linkOptions({ to: '/admin/support' }),
  createChat: linkOptions({ to: '/admin/chats', search: { filter: 'created', create: true } }),
  ai: linkOptions({ to: '/admin/ai' }),
} satisfies Record<Exclude<MenuEntry, 'logout'>, unknown>;

/** The main menu of spec §2, by the user's rights and options, with the language switch and log out. */
export function MainMenu({
  session,
  auth,
}: {
  session: ActiveSession;
  auth: AuthSession;
}): ReactNode {
  const { t } = useI18n();
  const access = accessOf(session.user);
  const entries = menuFor(access);
  return (
    <nav className="menu" aria-label={t('menu.label')}>
      <div className="menu__brand">{PLATFORM_NAME}</div>
      <div className="menu__user">
        {/* The way to one's own profile (spec §2 /admin/profile), as in every inbox: one's name. */}
        <Link
          className="menu__user-name"
          to="/admin/profile"
          activeProps={{ className: 'menu__user-name--active' }}
          data-testid="menu-profile"
          title={t('profile.menu')}
        >
          {session.user.name}
        </Link>
        <span className="menu__org">{session.user.organization.name}</span>
        {/* Spec §6: an operator sees personal statistics; they are a block of the profile. */}
        <Link
          className="menu__user-stats"
          to="/admin/profile/general"
          hash={MY_STATISTICS_ANCHOR}
          data-testid="menu-my-stats"
        >
          {t('profile.stats.menu')}
        </Link>
      </div>
      {hasOperatorStatus(access) ? <OperatorStatusSwitch userId={session.user.id} /> : null}
      <ul className="menu__entries">
        {entries.map((entry) =>
          entry === 'logout' ? null : (
            <li key={entry}>
              <Link
                className="menu__link"
                activeProps={{ className: 'menu__link--active' }}
                data-testid={`menu-${entry}`}
                {...LINKS[entry]}
                onClick={(event) => {
                  if (isChatList(entry) && isPlainClick(event)) chosenList.choose(entry);
                }}
              >
                {t(`menu.${entry}`)}
              </Link>
            </li>
          ),
        )}
      </ul>
      <div className="menu__foot">
        <ConnectionStatus view={session.syncView} />
        <LanguageSwitch />
        <LogOutButton auth={auth} session={session} />
      </div>
    </nav>
  );
}

const isChatList = (entry: MenuEntry): entry is ChatFilter =>
  (CHAT_FILTERS as readonly string[]).includes(entry);

function LogOutButton({ auth, session }: { auth: AuthSession; session: ActiveSession }): ReactNode {
  const { t } = useI18n();
  const navigate = useNavigate();
  // The sync engine already counts the outbox for the connection status: one count, one story.
  const pending = useSyncSnapshot(session.syncView).state.outbox.pending;
  const [leaving, setLeaving] = useState(false);
  const logOut = async () => {
    // Logging out deletes the local database, outbox included: say so before losing unsent work.
    if (pending > 0 && !window.confirm(t('menu.logoutLosesChanges', { count: pending }))) return;
    setLeaving(true);
    await auth.signOut();
    await navigate({ to: '/' });
  };
  return (
    <button
      className="button menu__logout"
      type="button"
      data-testid="menu-logout"
      disabled={leaving}
      onClick={() => {
        void logOut();
      }}
    >
      {t('menu.logout')}
    </button>
  );
}
