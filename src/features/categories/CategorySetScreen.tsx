import { useEffect, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { newId } from '../../protocol';
import { categoryTree } from '../../store/category-tree';
import { useEnqueue, useStore } from '../../store/hooks';
import { SectionFrame } from '../../ui/SectionFrame';
import { useToast } from '../../ui/Toasts';
import { useI18n } from '../../ui/i18n';
import { batchOutcome } from './batch-outcome';
import { CategoryLink, type CategoryLinks } from './category-links';
import { categorySet, setTree } from './category-sets';
import { useCategoriesData } from './queries';
import { planSetCommands, setRows } from './set-plan';
import './categories.css';

/**
 * One ready-made category set (`/admin/preferences/categories/template/$id`): its tree, each row
 * marked as already in the organization's categories at that place or not, and "Add to our
 * categories", which sends `requestCategory.create` for the missing rows only, parents first. The
 * predictions put the rows in the local tree at once; the page follows the batch until the server
 * has taken every row, then toasts and links back to the categories.
 */
export function CategorySetScreen({
  id,
  hasOption,
  links,
}: {
  id: string;
  hasOption: boolean;
  links: CategoryLinks;
}) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const db = useStore();
  const enqueue = useEnqueue();
  const set = categorySet(id);
  const nodes = useMemo(() => (set ? setTree(set, lang) : []), [set, lang]);
  const data = useCategoriesData();
  const tree = useMemo(() => categoryTree(data?.categories ?? []), [data]);
  const rows = useMemo(() => setRows(tree, nodes), [tree, nodes]);
  const missing = rows.filter((row) => row.existingId === null).length;

  const [sent, setSent] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const outbox = useLiveQuery(
    () => (sent.length === 0 ? [] : db.outbox.where('id').anyOf(sent).toArray()),
    [db, sent],
  );
  const outcome = batchOutcome(sent, outbox);
  const toasted = useRef(false);
  useEffect(() => {
    if (outcome !== 'done' || toasted.current) return;
    toasted.current = true;
    toast(t('categorySets.applied', { count: sent.length }));
  }, [outcome, sent.length, toast, t]);

  const apply = async () => {
    if (sending || !data) return;
    setSending(true);
    toasted.current = false;
    const ids: string[] = [];
    try {
      // One by one, in order: the outbox sends in the order written, so a parent reaches the
      // server before its children.
      for (const payload of planSetCommands(tree, nodes, newId)) {
        const row = await enqueue({ type: 'requestCategory.create', payload });
        ids.push(row.id);
      }
    } finally {
      setSent(ids);
      setSending(false);
    }
  };

  const back = (
    <CategoryLink links={links} to={{ page: 'tree' }} className="button" testId="category-set-back">
      {t('categorySets.back')}
    </CategoryLink>
  );

  if (!set)
    return (
      <SectionFrame title={t('categorySets.title')} actions={back}>
        <p className="empty-state" data-testid="category-set-not-found">
          {t('categorySets.notFound')}
        </p>
        <CategoryLink links={links} to={{ page: 'sets' }} testId="category-set-to-list">
          {t('categorySets.toList')}
        </CategoryLink>
      </SectionFrame>
    );

  const busy = sending || outcome === 'waiting';
  return (
    <SectionFrame title={set.name[lang]} actions={back}>
      <p className="categories__intro">{set.description[lang]}</p>
      {hasOption ? null : (
        <p className="notice notice--warning" role="note" data-testid="categories-no-option">
          {t('categories.noOption')}
        </p>
      )}
      {hasOption ? (
        <div className="category-set__apply">
          <button
            className="button button--primary"
            type="button"
            data-testid="category-set-apply"
            disabled={busy || missing === 0 || !data}
            onClick={() => {
              void apply();
            }}
          >
            {busy ? t('categorySets.applying') : t('categorySets.apply')}
          </button>
          <span data-testid="category-set-missing">
            {t('categorySets.missing', { count: missing })}
          </span>
        </div>
      ) : null}
      {outcome === 'done' ? (
        <p className="notice" role="status" data-testid="category-set-done">
          {t('categorySets.done')}{' '}
          <CategoryLink links={links} to={{ page: 'tree' }} testId="category-set-done-link">
            {t('categorySets.back')}
          </CategoryLink>
        </p>
      ) : outcome === 'rejected' ? (
        <p className="form-failure" role="alert" data-testid="category-set-refused">
          {t('categorySets.refused')}
        </p>
      ) : null}
      <table className="table" data-testid="category-set-table">
        <thead>
          <tr>
            <th scope="col">{t('categorySets.column.row')}</th>
            <th scope="col">{t('categorySets.column.state')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              // Rows have no ids of their own: their place in the set is stable.
              key={index}
              data-testid="category-set-row"
              data-level={row.level}
              data-exists={row.existingId !== null}
              aria-level={row.level}
            >
              <td>
                <span className={`categories__name categories__name--${String(row.level)}`}>
                  {row.name}
                </span>
              </td>
              <td className={row.existingId === null ? undefined : 'category-set__state--exists'}>
                {t(
                  row.existingId === null
                    ? 'categorySets.state.missing'
                    : 'categorySets.state.exists',
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionFrame>
  );
}
