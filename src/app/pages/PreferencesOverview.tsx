import type { ReactNode } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useI18n, type MessageKey } from '../../ui/i18n';
import { SectionFrame } from '../../ui/SectionFrame';
import { accessOf, mayOpen } from '../guards';

const adminApi = getRouteApi('/admin');

/** Sections of Settings (spec §2) with where each opens; a section the user may not open is not offered. */
const SECTIONS = [
  { to: '/admin/preferences/channels/all', title: 'section.preferences.channels' },
  { to: '/admin/preferences/roles', title: 'section.preferences.roles' },
  { to: '/admin/preferences/companies', title: 'section.preferences.companies' },
  { to: '/admin/preferences/statuses', title: 'section.preferences.statuses' },
  { to: '/admin/preferences/templates/custom', title: 'section.preferences.templates' },
  { to: '/admin/preferences/templates/whats-app', title: 'section.preferences.whatsAppTemplates' },
  { to: '/admin/preferences/chat-bots', title: 'section.preferences.chatBots' },
  { to: '/admin/preferences/extensions', title: 'section.preferences.extensions' },
  { to: '/admin/preferences/black-list', title: 'section.preferences.blackList' },
  { to: '/admin/preferences/merge-contacts', title: 'section.preferences.mergeContacts' },
  { to: '/admin/preferences/categories', title: 'section.preferences.categories' },
  { to: '/admin/preferences/plans', title: 'section.preferences.plans' },
] as const satisfies readonly { to: string; title: MessageKey }[];

export function PreferencesOverview(): ReactNode {
  const { t } = useI18n();
  const { session } = adminApi.useRouteContext();
  const access = accessOf(session.user);
  return (
    <SectionFrame title={t('section.preferences')}>
      <ul className="link-list">
        {SECTIONS.filter((section) => mayOpen(section.to, access)).map((section) => (
          <li key={section.to}>
            <Link to={section.to}>{t(section.title)}</Link>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
