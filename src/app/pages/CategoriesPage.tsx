import { useCallback, useMemo, type ReactNode } from 'react';
import { getRouteApi, useNavigate, useParams, useRouter } from '@tanstack/react-router';
import type { CategoryLinks, CategoryPlace } from '../../features/categories/category-links';
import { CategoriesScreen } from '../../features/categories/CategoriesScreen';
import { CategorySetScreen } from '../../features/categories/CategorySetScreen';
import { CategorySetsScreen } from '../../features/categories/CategorySetsScreen';

const adminApi = getRouteApi('/admin');

/** A category page's route target: the spec §2 addresses under /admin/preferences/categories. */
function target(place: CategoryPlace) {
  switch (place.page) {
    case 'tree':
      return { to: '/admin/preferences/categories' } as const;
    case 'sets':
      return { to: '/admin/preferences/categories/template' } as const;
    case 'set':
      return {
        to: '/admin/preferences/categories/template/$id',
        params: { id: place.id },
      } as const;
  }
}

/** Links between the category pages, built by the router (the screens do not know it). */
function useCategoryLinks(): CategoryLinks {
  const router = useRouter();
  const navigate = useNavigate();
  const href = useCallback(
    (place: CategoryPlace) => router.buildLocation(target(place)).href,
    [router],
  );
  const open = useCallback(
    (place: CategoryPlace) => {
      void navigate(target(place));
    },
    [navigate],
  );
  return useMemo(() => ({ href, open }), [href, open]);
}

/**
 * Whether the plan holds request categories. The spec guards these routes by right only
 * (AUTHORITY_CHAT_SESSION_CATEGORY), so a plan without OPTION_CHAT_TOPICS opens the pages and is
 * told there that categories are not in the plan.
 */
function useHasCategories(): boolean {
  const { session } = adminApi.useRouteContext();
  return session.user.options.includes('OPTION_CHAT_TOPICS');
}

/** Request categories: the organization's tree and the "categories required" rule. */
export function CategoriesPage(): ReactNode {
  return <CategoriesScreen hasOption={useHasCategories()} links={useCategoryLinks()} />;
}

/** The ready-made category sets (docs/categories-and-templates.md). */
export function CategorySetsPage(): ReactNode {
  return <CategorySetsScreen hasOption={useHasCategories()} links={useCategoryLinks()} />;
}

/** One ready-made set; the route has already refused an id that is not well-formed. */
export function CategorySetPage(): ReactNode {
  const { id } = useParams({ from: '/admin/preferences/categories/template/$id' });
  return <CategorySetScreen id={id} hasOption={useHasCategories()} links={useCategoryLinks()} />;
}
