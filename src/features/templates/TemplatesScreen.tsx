import { useId, useMemo, useState } from 'react';
import { newId, type Template, type TemplateCategory } from '../../protocol';
import { SectionFrame } from '../../ui/SectionFrame';
import { teamNames } from '../../ui/forms/team-choice';
import { useI18n } from '../../ui/i18n';
import { TemplateCategoryPanel } from './TemplateCategoryPanel';
import { TemplatePanel } from './TemplatePanel';
import { useTeams, useTemplates } from './queries';
import { choosableTeams, mayEditTeams, type TemplateEditor } from './template-access';
import { shortText, templateCounts, templateSections, type CategoryFilter } from './template-list';
import './templates.css';

type Panel =
  | { kind: 'category'; id: string; category: TemplateCategory | undefined }
  | { kind: 'template'; id: string; template: Template | undefined };

const filterOf = (value: string): CategoryFilter =>
  value === ''
    ? { kind: 'all' }
    : value === '-'
      ? { kind: 'none' }
      : { kind: 'category', id: value };

/**
 * Reply templates and their categories (spec §2 `templates/custom`, guarded by
 * AUTHORITY_TEAM_TEMPLATE; docs/categories-and-templates.md). Both lists are read live from the
 * local store; a row the viewer may not change (template-access.ts) is shown read-only. Without
 * the template management pack (`hasOption` false) the page says so and offers no changes.
 */
export function TemplatesScreen({
  hasOption,
  editor,
}: {
  hasOption: boolean;
  /** The viewer as an editor; undefined while their teams load. */
  editor: TemplateEditor | undefined;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const searchId = useId();
  const data = useTemplates();
  const teams = useTeams();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');

  const names = useMemo(() => new Map((teams ?? []).map((team) => [team.id, team.name])), [teams]);
  const counts = useMemo(() => templateCounts(data?.templates ?? []), [data]);
  const categories = useMemo(
    () => [...(data?.categories ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [data],
  );
  const sections = useMemo(
    () => templateSections(data?.templates ?? [], categories, filterOf(filter), query),
    [data, categories, filter, query],
  );
  const offered = useMemo(
    () => (editor && teams ? choosableTeams(editor, teams) : []),
    [editor, teams],
  );
  const available = (teamIds: readonly string[]) =>
    teamNames(teamIds, names, t('templates.everyTeam'));
  const editable = (teamIds: readonly string[]) =>
    hasOption && editor !== undefined && mayEditTeams(editor, teamIds);
  const readOnly = (
    <span className="template-row__read-only" data-testid="read-only">
      {t('templates.readOnly')}
    </span>
  );
  const loading = !data || !teams || !editor;
  const anyReadOnly =
    hasOption &&
    editor !== undefined &&
    !editor.managesAllTeams &&
    [...(data?.categories ?? []), ...(data?.templates ?? [])].some(
      (row) => !mayEditTeams(editor, row.teamIds),
    );

  return (
    <SectionFrame
      title={t('section.preferences.templates')}
      actions={
        hasOption && editor ? (
          <button
            className="button button--primary"
            type="button"
            data-testid="template-add"
            onClick={() => {
              setPanel({ kind: 'template', id: newId(), template: undefined });
            }}
          >
            {t('templates.add')}
          </button>
        ) : null
      }
    >
      <div className="with-panel">
        <div className="with-panel__list">
          {hasOption ? null : (
            <p className="notice notice--warning" role="note" data-testid="templates-no-option">
              {t('templates.noOption')}
            </p>
          )}
          {anyReadOnly ? <p className="templates__note">{t('templates.readOnlyHint')}</p> : null}
          {loading ? (
            <p className="empty-state">{t('common.loading')}</p>
          ) : (
            <>
              <div className="templates__heading">
                <h2>{t('templates.categories.heading')}</h2>
                {hasOption ? (
                  <button
                    className="button"
                    type="button"
                    data-testid="template-category-add"
                    onClick={() => {
                      setPanel({ kind: 'category', id: newId(), category: undefined });
                    }}
                  >
                    {t('templates.categories.add')}
                  </button>
                ) : null}
              </div>
              {categories.length === 0 ? (
                <p className="empty-state" data-testid="template-categories-empty">
                  {t('templates.categories.empty')}
                </p>
              ) : (
                <table className="table" data-testid="template-categories-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('templates.categories.column.name')}</th>
                      <th scope="col">{t('templates.categories.column.teams')}</th>
                      <th scope="col" className="table__number">
                        {t('templates.categories.column.templates')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {categories.map((category) => (
                      <tr
                        key={category.id}
                        data-testid="template-category-row"
                        data-category-id={category.id}
                        aria-selected={panel?.id === category.id}
                      >
                        <td>
                          {editable(category.teamIds) ? (
                            <button
                              className="button button--link"
                              type="button"
                              onClick={() => {
                                setPanel({ kind: 'category', id: category.id, category });
                              }}
                            >
                              {category.name}
                            </button>
                          ) : (
                            <>
                              {category.name} {hasOption ? readOnly : null}
                            </>
                          )}
                        </td>
                        <td>{available(category.teamIds)}</td>
                        <td className="table__number">{counts.get(category.id) ?? 0}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}

              <div className="templates__heading">
                <h2>{t('templates.heading')}</h2>
              </div>
              <div className="toolbar">
                <label className="visually-hidden" htmlFor={searchId}>
                  {t('templates.search')}
                </label>
                <input
                  id={searchId}
                  className="field__input templates__search"
                  type="search"
                  placeholder={t('templates.search')}
                  value={query}
                  data-testid="template-search"
                  onChange={(event) => {
                    setQuery(event.target.value);
                  }}
                />
                <select
                  className="field__input templates__filter"
                  aria-label={t('templates.filter')}
                  value={filter}
                  data-testid="template-filter"
                  onChange={(event) => {
                    setFilter(event.target.value);
                  }}
                >
                  <option value="">{t('templates.filter.all')}</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                  <option value="-">{t('templates.filter.none')}</option>
                </select>
              </div>
              {sections.length === 0 ? (
                <p className="empty-state" data-testid="templates-empty">
                  {data.templates.length === 0 ? t('templates.empty') : t('templates.nothingFound')}
                </p>
              ) : (
                <table className="table templates__table" data-testid="templates-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('templates.column.title')}</th>
                      <th scope="col">{t('templates.column.text')}</th>
                      <th scope="col">{t('templates.column.category')}</th>
                      <th scope="col">{t('templates.column.teams')}</th>
                    </tr>
                  </thead>
                  {sections.map((section) => (
                    <tbody key={section.category?.id ?? 'none'} data-testid="template-section">
                      <tr className="templates__group">
                        <th scope="rowgroup" colSpan={4}>
                          {section.category?.name ?? t('templates.noCategory')}
                        </th>
                      </tr>
                      {section.templates.map((template) => (
                        <tr
                          key={template.id}
                          data-testid="template-row"
                          data-template-id={template.id}
                          aria-selected={panel?.id === template.id}
                        >
                          <td>
                            {editable(template.teamIds) ? (
                              <button
                                className="button button--link"
                                type="button"
                                onClick={() => {
                                  setPanel({ kind: 'template', id: template.id, template });
                                }}
                              >
                                {template.title}
                              </button>
                            ) : (
                              <>
                                {template.title} {hasOption ? readOnly : null}
                              </>
                            )}
                          </td>
                          <td className="templates__text" title={template.text}>
                            {shortText(template.text)}
                          </td>
                          <td>{section.category?.name ?? t('templates.noCategory')}</td>
                          <td>{available(template.teamIds)}</td>
                        </tr>
                      ))}
                    </tbody>
                  ))}
                </table>
              )}
            </>
          )}
        </div>
        {panel && hasOption && editor && data ? (
          panel.kind === 'category' ? (
            <TemplateCategoryPanel
              key={panel.id}
              categoryId={panel.id}
              category={panel.category}
              templates={counts.get(panel.id) ?? 0}
              teams={offered}
              editor={editor}
              onClose={() => {
                setPanel(null);
              }}
            />
          ) : (
            <TemplatePanel
              key={panel.id}
              templateId={panel.id}
              template={panel.template}
              categories={categories}
              teams={offered}
              editor={editor}
              initialCategoryId={filterOf(filter).kind === 'category' ? filter : undefined}
              onClose={() => {
                setPanel(null);
              }}
            />
          )
        ) : null}
      </div>
    </SectionFrame>
  );
}
