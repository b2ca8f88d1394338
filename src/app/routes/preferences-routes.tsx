import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { leave } from './leave';
import { sectionPage } from '../pages/SectionPage';
import { channelPageType, type ChannelPage } from './channel-pages';
import { adminRoute } from './admin-route';
import { EditIdSearchSchema, MergeClientSearchSchema, pathId } from './address-ids';

/*
 * Children are declared in arrays before addChildren: a createRoute written inside the
 * addChildren call leaves the registered route tree untyped (TypeScript gives up on it).
 */
export const preferencesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'preferences',
});
const child = <const P extends string>(path: P) => ({
  getParentRoute: () => preferencesRoute,
  path,
});

// Channels: → all; per type a list, a create and an edit page; support has only edit.
const channelsRoute = createRoute({ ...child('channels') });
const channelTypeRoute = createRoute({ getParentRoute: () => channelsRoute, path: '$type' });
const ensureChannelPage = (type: string, page: ChannelPage) => {
  if (!channelPageType(type, page)) leave(notFound());
};
const channelPageChildren = [
  createRoute({
    getParentRoute: () => channelTypeRoute,
    path: '/',
    beforeLoad: ({ params }) => {
      ensureChannelPage(params.type, 'list');
    },
    component: lazyRouteComponent(() => import('../pages/ChannelPages'), 'ChannelTypePage'),
  }),
  createRoute({
    getParentRoute: () => channelTypeRoute,
    path: 'create',
    beforeLoad: ({ params }) => {
      ensureChannelPage(params.type, 'create');
    },
    component: lazyRouteComponent(() => import('../pages/ChannelPages'), 'ChannelCreatePage'),
  }),
  createRoute({
    getParentRoute: () => channelTypeRoute,
    path: 'edit/$id',
    params: { parse: ({ id }) => ({ id: pathId(id) }) },
    beforeLoad: ({ params }) => {
      ensureChannelPage(params.type, 'edit');
    },
    component: lazyRouteComponent(() => import('../pages/ChannelPages'), 'ChannelEditPage'),
  }),
] as const;
const channelChildren = [
  createRoute({
    getParentRoute: () => channelsRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/preferences/channels/all' }));
    },
  }),
  createRoute({
    getParentRoute: () => channelsRoute,
    path: 'all',
    component: lazyRouteComponent(() => import('../pages/ChannelPages'), 'ChannelsPage'),
  }),
  channelTypeRoute.addChildren(channelPageChildren),
] as const;
const channelRoutes = channelsRoute.addChildren(channelChildren);

// Templates: → custom; custom and the registered WhatsApp templates.
const templatesRoute = createRoute({ ...child('templates') });
const templateChildren = [
  createRoute({
    getParentRoute: () => templatesRoute,
    path: '/',
    beforeLoad: () => {
      leave(redirect({ to: '/admin/preferences/templates/custom' }));
    },
  }),
  createRoute({
    getParentRoute: () => templatesRoute,
    path: 'custom',
    component: lazyRouteComponent(() => import('../pages/TemplatesPage'), 'TemplatesPage'),
  }),
  createRoute({
    getParentRoute: () => templatesRoute,
    path: 'whats-app',
    component: lazyRouteComponent(
      () => import('../pages/MessengerTemplatesPage'),
      'MessengerTemplatesPage',
    ),
  }),
] as const;
const templateRoutes = templatesRoute.addChildren(templateChildren);

const chatBotsRoute = createRoute({ ...child('chat-bots') });
const chatBotChildren = [
  createRoute({
    getParentRoute: () => chatBotsRoute,
    path: '/',
    component: lazyRouteComponent(() => import('../pages/ChatbotsPage'), 'ChatbotsPage'),
  }),
  createRoute({
    getParentRoute: () => chatBotsRoute,
    path: 'bot',
    // The bot being edited; none while a new one is drawn.
    validateSearch: EditIdSearchSchema,
    component: lazyRouteComponent(() => import('../pages/ChatbotsPage'), 'ChatbotPage'),
  }),
] as const;
const chatBotRoutes = chatBotsRoute.addChildren(chatBotChildren);

// Categories: the tree, and the ready-made category sets (docs/categories-and-templates.md).
const categoriesRoute = createRoute({ ...child('categories') });
const categoryChildren = [
  createRoute({
    getParentRoute: () => categoriesRoute,
    path: '/',
    component: lazyRouteComponent(() => import('../pages/CategoriesPage'), 'CategoriesPage'),
  }),
  createRoute({
    getParentRoute: () => categoriesRoute,
    path: 'template',
    component: lazyRouteComponent(() => import('../pages/CategoriesPage'), 'CategorySetsPage'),
  }),
  createRoute({
    getParentRoute: () => categoriesRoute,
    path: 'template/$id',
    params: { parse: ({ id }) => ({ id: pathId(id) }) },
    component: lazyRouteComponent(() => import('../pages/CategoriesPage'), 'CategorySetPage'),
  }),
] as const;
const categoryRoutes = categoriesRoute.addChildren(categoryChildren);

const preferencesChildren = [
  // The screens load as their own chunks (DESIGN §6: the chat workspace's first paint); the
  // placeholder sections and channel frames are too small to split.
  createRoute({
    ...child('/'),
    component: lazyRouteComponent(
      () => import('../pages/PreferencesOverview'),
      'PreferencesOverview',
    ),
  }),
  createRoute({ ...child('plans'), component: sectionPage('section.preferences.plans') }),
  channelRoutes,
  createRoute({
    ...child('roles'),
    component: lazyRouteComponent(() => import('../pages/RolesPage'), 'RolesPage'),
  }),
  createRoute({ ...child('companies'), component: sectionPage('section.preferences.companies') }),
  createRoute({
    ...child('statuses'),
    component: lazyRouteComponent(() => import('../pages/StatusesPage'), 'StatusesPage'),
  }),
  templateRoutes,
  chatBotRoutes,
  createRoute({ ...child('extensions'), component: sectionPage('section.preferences.extensions') }),
  createRoute({
    ...child('black-list'),
    component: lazyRouteComponent(() => import('../pages/BlacklistPage'), 'BlacklistPage'),
  }),
  createRoute({
    ...child('merge-contacts'),
    // The profile a "Merge with another profile" link came from; a malformed id is not found.
    validateSearch: MergeClientSearchSchema,
    component: lazyRouteComponent(() => import('../pages/MergeContactsPage'), 'MergeContactsPage'),
  }),
  categoryRoutes,
] as const;
export const preferencesRoutes = preferencesRoute.addChildren(preferencesChildren);
