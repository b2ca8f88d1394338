import { useMemo, useState } from 'react';
import type { RequestCategory } from '../../protocol';
import type { CategoryTree } from '../../store/category-tree';
import { useCommandSubmit } from '../../store/hooks';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/Toasts';
import { SelectField } from '../../ui/forms/SelectField';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { categoryRefusal } from './category-form';
import { movePlaces } from './category-places';

/** The select's value for the top level: option values are strings, ids never are empty. */
const TOP = '';

/**
 * `requestCategory.move`: a new place for a category and everything under it, chosen among the
 * places where the branch still fits in three levels (movePlaces). The server's refusal (another
 * browser changed the tree meanwhile) stays in the dialog in words.
 */
export function MoveCategoryDialog({
  tree,
  category,
  onClose,
}: {
  tree: CategoryTree;
  category: RequestCategory;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const move = useCommandSubmit(() => {
    toast(t('categories.moved'));
    onClose();
  });
  const places = useMemo(() => movePlaces(tree, category.id), [tree, category.id]);
  const options = places.map((place) => ({
    value: place.parentId ?? TOP,
    label:
      place.parentId === null
        ? t('categories.move.top')
        : place.path.map((row) => row.name).join(' › '),
  }));
  const [chosen, setChosen] = useState<string | undefined>(options[0]?.value);
  const waiting = move.outcome.state === 'waiting';
  const refused =
    move.outcome.state === 'rejected'
      ? problemText(categoryRefusal(move.outcome.error).problem, i18n)
      : null;
  return (
    <Dialog
      title={t('categories.move.title', { name: category.name })}
      testId="category-move-dialog"
      onClose={() => {
        void move.abandon();
        onClose();
      }}
      confirm={{
        label: t('categories.move.confirm'),
        testId: 'category-move-confirm',
        disabled: chosen === undefined || waiting,
        onConfirm: () => {
          if (chosen === undefined) return;
          void move.submit({
            type: 'requestCategory.move',
            payload: { categoryId: category.id, parentId: chosen === TOP ? null : chosen },
          });
        },
      }}
    >
      <p>{t('categories.move.text')}</p>
      {options.length === 0 ? (
        <p className="empty-state" data-testid="category-move-none">
          {t('categories.move.none')}
        </p>
      ) : (
        <SelectField
          label={t('categories.move.place')}
          value={chosen ?? TOP}
          options={options}
          onValue={setChosen}
          data-testid="category-move-place"
        />
      )}
      {refused ? (
        <p className="form-failure" role="alert" data-testid="category-move-error">
          {refused}
        </p>
      ) : waiting ? (
        <p className="form-status" role="status">
          {t('form.saving')}
        </p>
      ) : null}
    </Dialog>
  );
}
