import { useId, useState } from 'react';
import { useI18n, type MessageKey } from '../../ui/i18n';
import {
  chosenPathOf,
  pickedCategory,
  pickerLevels,
  type CategoryTree,
  type PickerLevel,
} from './category-tree';

const LEVEL_LABELS: readonly MessageKey[] = [
  'category.level.category',
  'category.level.topic',
  'category.level.subtopic',
];

/** A picker's state: the path chosen so far, its selects, and the category it names, if any. */
export type CategoryChoice = {
  chosen: readonly string[];
  levels: readonly PickerLevel[];
  picked: string | null;
  choose: (path: string[]) => void;
};

/** The choice of a request category for a chat, starting from the chat's own. */
export function useCategoryChoice(
  tree: CategoryTree,
  categoryId: string | null,
  teamId: string | null,
): CategoryChoice {
  const [chosen, choose] = useState(() => chosenPathOf(tree, categoryId));
  const levels = pickerLevels(tree, chosen, teamId);
  return { chosen, levels, picked: pickedCategory(tree, levels), choose };
}

/**
 * The three-level request category picker (category → topic → subtopic). Each level appears when
 * the one above has children; only a last-level choice counts as picked.
 */
export function CategoryPicker({
  choice,
  required,
}: {
  choice: CategoryChoice;
  required: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const { levels, picked } = choice;
  const partial = levels[0]?.selected != null && picked === null;
  if ((levels[0]?.options.length ?? 0) === 0) {
    return <p className="category-picker__empty">{t('category.none')}</p>;
  }
  return (
    <div className="category-picker" data-testid="category-picker">
      {levels.map((level, depth) => (
        <div className="field" key={depth}>
          <label className="field__label" htmlFor={`${id}-${depth}`}>
            {t(LEVEL_LABELS[Math.min(depth, LEVEL_LABELS.length - 1)] ?? 'category.level.subtopic')}
            {required && depth === 0 ? ' *' : ''}
          </label>
          <select
            id={`${id}-${depth}`}
            className="field__input"
            data-testid={`category-level-${depth}`}
            value={level.selected ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              const above = levels.slice(0, depth).map((l) => l.selected ?? '');
              choice.choose(value === '' ? above : [...above, value]);
            }}
          >
            <option value="">{t('category.choose')}</option>
            {level.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      ))}
      {partial ? (
        <p className="field__error" role="status">
          {t('category.chooseLastLevel')}
        </p>
      ) : null}
    </div>
  );
}
