import { createRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CHAT_FILTERS } from '../../store';
import { sectionPage } from '../pages/SectionPage';
import { OptionsMissingPage } from '../pages/OptionsMissingPage';
import { ChatsPage } from '../pages/ChatsPage';
import { adminRoute } from './admin-route';

const child = <const P extends string>(path: P) => ({ getParentRoute: () => adminRoute, path });

/**
 * `/admin/chats?filter=assigned|open|closed|expired|created`: an unknown filter falls back to
 * In progress rather than failing. `create` opens the Create chat pane beside the list.
 */
export const chatsRoute = createRoute({
  ...child('chats'),
  validateSearch: v.object({
    filter: v.fallback(v.picklist(CHAT_FILTERS), 'assigned'),
    create: v.optional(v.fallback(v.boolean(), false)),
  }),
  component: ChatsPage,
});

export const workspaceRoutes = [
  chatsRoute,
  createRoute({ ...child('ai'), component: sectionPage('section.ai') }),
  createRoute({ ...child('options'), component: OptionsMissingPage }),
  createRoute({ ...child('expanded-search'), component: sectionPage('section.expandedSearch') }),
  createRoute({ ...child('support'), component: sectionPage('section.support') }),
] as const;
