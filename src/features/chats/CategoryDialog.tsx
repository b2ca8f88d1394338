import type { Chat } from '../../protocol';
import { Dialog } from '../../ui/Dialog';
import { useI18n } from '../../ui/i18n';
import { CategoryPicker, useCategoryChoice } from './CategoryPicker';
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
  const choice = useCategoryChoice(directory.categories, chat.categoryId, chat.teamId);
  const { picked } = choice;
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
      <CategoryPicker choice={choice} required />
    </Dialog>
  );
}
