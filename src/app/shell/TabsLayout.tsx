import type { ReactNode } from 'react';
import { Link, Outlet, type LinkProps } from '@tanstack/react-router';
import { useI18n, type MessageKey } from '../../ui/i18n';

export type Tab = { to: LinkProps['to']; label: MessageKey };

/** An area with tabs (profile, reports, monitoring, finance): the tab bar, then the open tab. */
export function TabsLayout({ tabs }: { tabs: readonly Tab[] }): ReactNode {
  const { t } = useI18n();
  return (
    <div className="tabs-area">
      <nav className="tabs">
        {tabs.map((tab) => (
          <Link
            key={String(tab.to)}
            className="tabs__tab"
            activeProps={{ className: 'tabs__tab--active', 'aria-current': 'page' }}
            to={tab.to}
          >
            {t(tab.label)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
