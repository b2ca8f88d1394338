import { useState } from 'react';
import type { Chat } from '../../protocol';
import { Dialog } from '../../ui/Dialog';
import { useI18n } from '../../ui/i18n';
import { CategoryPicker } from './CategoryPicker';
import { chosenPathOf, pickedCategory, pickerLevels } from './category-tree';
import type { Directory } from './queries';

/** Sets, changes or removes the chat's request category (chat.setCategory). */
export function CategoryDialog({
  chat,
  directory,
  onSetCategory,
  onClose,
}: {
  chat: Chat;
  directory: Directory;
  onSetCategory: (categoryId: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const tree = directory.categories;
  const [chosen, setChosen] = useState(() => chosenPathOf(tree, chat.categoryId));
  const picked = pickedCategory(tree, pickerLevels(tree, chosen, chat.teamId));
  return (
    <Dialog
      title={t('chat.category.title')}
      onClose={onClose}
      testId="category-dialog"
      actions={
        chat.categoryId ? (
          <button
            className="button button--danger"
            type="button"
            data-testid="category-remove"
            onClick={() => {
              onSetCategory(null);
            }}
          >
            {t('chat.category.remove')}
          </button>
        ) : null
      }
      confirm={{
        label: t('common.save'),
        testId: 'category-save',
        disabled: picked === null || picked === chat.categoryId,
        onConfirm: () => {
          onSetCategory(picked);
        },
      }}
    >
      <CategoryPicker
        tree={tree}
        teamId={chat.teamId}
        chosen={chosen}
        onChosen={setChosen}
        required
      />
    </Dialog>
  );
}
