import { useMemo, useState } from 'react';
import { newId, type RequestCategory } from '../../protocol';
import { categoryTree } from '../../store/category-tree';
import { SectionFrame } from '../../ui/SectionFrame';
import { teamNames } from '../../ui/forms/team-choice';
import { useI18n } from '../../ui/i18n';
import { CategoryLink, type CategoryLinks } from './category-links';
import { CategoryPanel, type CategoryPanelTarget } from './CategoryPanel';
import { categoryRows, rowsBelow } from './category-places';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';
import { MoveCategoryDialog } from './MoveCategoryDialog';
import { useCategoriesData } from './queries';
import { UsesCategoriesSwitch } from './UsesCategoriesSwitch';
import './categories.css';

/**
 * Request categories (spec §2 `/admin/preferences/categories`, guarded by
 * AUTHORITY_CHAT_SESSION_CATEGORY): the organization's three-level tree read live from the local
 * store, each row with its teams and what may be done to it, and the "categories required" rule.
 * Without the chat topics option (`hasOption` false) the page says so and offers no changes: the
 * spec guards this route by right only.
 */
export function CategoriesScreen({
  hasOption,
  links,
}: {
  hasOption: boolean;
  links: CategoryLinks;
}) {
  const { t } = useI18n();
  const data = useCategoriesData();
  const tree = useMemo(() => categoryTree(data?.categories ?? []), [data]);
  const rows = useMemo(() => categoryRows(tree), [tree]);
  const names = useMemo(
    () => new Map((data?.teams ?? []).map((team) => [team.id, team.name])),
    [data],
  );
  const [panel, setPanel] = useState<CategoryPanelTarget | null>(null);
  const [moving, setMoving] = useState<RequestCategory | null>(null);
  const [deleting, setDeleting] = useState<RequestCategory | null>(null);
  const create = (parent: RequestCategory | null, level: number) => {
    setPanel({ kind: 'create', categoryId: newId(), parent, level });
  };
  const open = panel?.kind === 'edit' ? panel.category.id : null;

  return (
    <SectionFrame
      title={t('section.preferences.categories')}
      actions={
        <div className="categories__actions">
          <CategoryLink
            links={links}
            to={{ page: 'sets' }}
            className="button"
            testId="categories-sets-link"
          >
            {t('categories.sets')}
          </CategoryLink>
          {hasOption ? (
            <button
              className="button button--primary"
              type="button"
              data-testid="category-add"
              onClick={() => {
                create(null, 1);
              }}
            >
              {t('categories.add')}
            </button>
          ) : null}
        </div>
      }
    >
      <div className="with-panel">
        <div className="with-panel__list">
          {hasOption ? null : (
            <p className="notice notice--warning" role="note" data-testid="categories-no-option">
              {t('categories.noOption')}
            </p>
          )}
          <p className="categories__intro">{t('categories.intro')}</p>
          <UsesCategoriesSwitch organization={data?.organization} disabled={!hasOption} />
          {!data ? (
            <p className="empty-state">{t('common.loading')}</p>
          ) : rows.length === 0 ? (
            <p className="empty-state" data-testid="categories-empty">
              {t('categories.empty')}
            </p>
          ) : (
            <table className="table" data-testid="categories-table">
              <thead>
                <tr>
                  <th scope="col">{t('categories.column.name')}</th>
                  <th scope="col">{t('categories.column.teams')}</th>
                  {hasOption ? <th scope="col">{t('categories.column.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map(({ category, level, canAddChild }) => (
                  <tr
                    key={category.id}
                    data-testid="category-row"
                    data-category-id={category.id}
                    data-level={level}
                    aria-level={level}
                    aria-selected={open === category.id}
                  >
                    <td>
                      <span className={`categories__name categories__name--${String(level)}`}>
                        <span data-testid="category-name-text">{category.name}</span>
                        <span className="categories__level">
                          {t(
                            level === 1
                              ? 'categories.level.1'
                              : level === 2
                                ? 'categories.level.2'
                                : 'categories.level.3',
                          )}
                        </span>
                      </span>
                    </td>
                    <td data-testid="category-teams-text">
                      {teamNames(category.teamIds, names, t('teamsField.all'))}
                    </td>
                    {hasOption ? (
                      <td>
                        <span className="categories__row-actions">
                          {canAddChild ? (
                            <button
                              className="button button--link"
                              type="button"
                              data-testid="category-add-child"
                              onClick={() => {
                                create(category, level + 1);
                              }}
                            >
                              {t(
                                level === 1
                                  ? 'categories.action.addTopic'
                                  : 'categories.action.addSubtopic',
                              )}
                            </button>
                          ) : null}
                          <button
                            className="button button--link"
                            type="button"
                            data-testid="category-edit"
                            onClick={() => {
                              setPanel({ kind: 'edit', category });
                            }}
                          >
                            {t('categories.action.edit')}
                          </button>
                          <button
                            className="button button--link"
                            type="button"
                            data-testid="category-move"
                            onClick={() => {
                              setMoving(category);
                            }}
                          >
                            {t('categories.action.move')}
                          </button>
                          <button
                            className="button button--link"
                            type="button"
                            data-testid="category-delete"
                            onClick={() => {
                              setDeleting(category);
                            }}
                          >
                            {t('categories.action.delete')}
                          </button>
                        </span>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {panel && hasOption ? (
          <CategoryPanel
            key={panel.kind === 'edit' ? panel.category.id : panel.categoryId}
            target={panel}
            teams={data?.teams ?? []}
            onClose={() => {
              setPanel(null);
            }}
          />
        ) : null}
      </div>
      {moving && hasOption ? (
        <MoveCategoryDialog
          tree={tree}
          category={moving}
          onClose={() => {
            setMoving(null);
          }}
        />
      ) : null}
      {deleting && hasOption ? (
        <DeleteCategoryDialog
          category={deleting}
          below={rowsBelow(tree, deleting.id)}
          onClose={() => {
            setDeleting(null);
          }}
        />
      ) : null}
    </SectionFrame>
  );
}
