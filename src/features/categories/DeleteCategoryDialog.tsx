import type { RequestCategory } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { useToast } from '../../ui/Toasts';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { categoryRefusal } from './category-form';

/**
 * Asks before `requestCategory.delete`, saying what goes with it: everything under it, and that
 * rows chats used are kept for history but hidden from pickers (docs/categories-and-templates.md).
 */
export function DeleteCategoryDialog({
  category,
  below,
  onClose,
}: {
  category: RequestCategory;
  /** Live rows under it, which go with it. */
  below: number;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const remove = useCommandSubmit(() => {
    toast(t('categories.deleted'));
    onClose();
  });
  return (
    <ConfirmDeleteDialog
      title={t('categories.delete.title', { name: category.name })}
      confirmLabel={t('categories.delete.confirm')}
      testId="category-delete"
      remove={remove}
      command={{ type: 'requestCategory.delete', payload: { categoryId: category.id } }}
      refusalText={(error) => problemText(categoryRefusal(error).problem, i18n)}
      onClose={onClose}
    >
      <p>{t('categories.delete.text', { count: below })}</p>
      <p>{t('categories.delete.history')}</p>
    </ConfirmDeleteDialog>
  );
}
