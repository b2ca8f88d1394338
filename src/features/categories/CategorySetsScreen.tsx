import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { CategoryLink, type CategoryLinks } from './category-links';
import { CATEGORY_SETS, setTree } from './category-sets';
import { setCounts } from './set-plan';
import './categories.css';

/**
 * Ready-made category sets (`/admin/preferences/categories/template`): sets a support lead can
 * start from, each with what it holds. Static data shipped with the app, so nothing to load.
 */
export function CategorySetsScreen({
  hasOption,
  links,
}: {
  hasOption: boolean;
  links: CategoryLinks;
}) {
  const { t, lang } = useI18n();
  return (
    <SectionFrame
      title={t('categorySets.title')}
      actions={
        <CategoryLink
          links={links}
          to={{ page: 'tree' }}
          className="button"
          testId="category-sets-back"
        >
          {t('categorySets.back')}
        </CategoryLink>
      }
    >
      {hasOption ? null : (
        <p className="notice notice--warning" role="note" data-testid="categories-no-option">
          {t('categories.noOption')}
        </p>
      )}
      <p className="categories__intro">{t('categorySets.intro')}</p>
      <ul className="category-sets" data-testid="category-sets">
        {CATEGORY_SETS.map((set) => {
          const counts = setCounts(setTree(set, lang));
          return (
            <li
              key={set.id}
              className="category-sets__set"
              data-testid="category-set"
              data-set-id={set.id}
            >
              <h2 className="category-sets__name">{set.name[lang]}</h2>
              <p className="category-sets__description">{set.description[lang]}</p>
              <p className="category-sets__counts" data-testid="category-set-counts">
                {[
                  t('categorySets.count.categories', { count: counts.categories }),
                  t('categorySets.count.topics', { count: counts.topics }),
                  t('categorySets.count.subtopics', { count: counts.subtopics }),
                ].join(', ')}
              </p>
              <CategoryLink
                links={links}
                to={{ page: 'set', id: set.id }}
                className="button"
                testId="category-set-open"
              >
                {t('categorySets.open')}
              </CategoryLink>
            </li>
          );
        })}
      </ul>
    </SectionFrame>
  );
}
