import type { Chat } from '../../protocol';
import { Dialog } from '../../ui/Dialog';
import { useI18n } from '../../ui/i18n';
import { CategoryPicker, useCategoryChoice } from './CategoryPicker';
import type { Directory } from './queries';

/**
 * Closes the chat. When the organization uses request categories, a last-level category is
 * required (spec §4), preset to the chat's own; otherwise one may be given.
 */
export function CloseChatDialog({
  chat,
  directory,
  onCloseChat,
  onClose,
}: {
  chat: Chat;
  directory: Directory;
  onCloseChat: (categoryId: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const required = directory.organization?.usesCategories === true;
  const choice = useCategoryChoice(directory.categories, chat.categoryId, chat.teamId);
  const { picked } = choice;
  // Something chosen but not down to the last level is not a choice yet, required or not.
  const valid = choice.chosen.length === 0 ? !required : picked !== null;
  return (
    <Dialog
      title={t('chat.close.title')}
      onClose={onClose}
      testId="close-dialog"
      confirm={{
        label: t('chat.close.confirm'),
        testId: 'close-confirm',
        disabled: !valid,
        onConfirm: () => {
          onCloseChat(picked === chat.categoryId ? null : picked);
        },
      }}
    >
      <p className="dialog__hint">
        {t(required ? 'chat.close.categoryRequired' : 'chat.close.categoryOptional')}
      </p>
      <CategoryPicker choice={choice} required={required} />
    </Dialog>
  );
}
