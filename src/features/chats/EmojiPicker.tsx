import { useI18n } from '../../ui/i18n';
import { Icon } from '../../ui/Icon';
import { Popover } from '../../ui/Popover';

/**
 * The emoji support replies use most: greetings, thanks, agreement, apology, things and signs.
 * Written in rows of ten, as the picker shows them.
 */
// prettier-ignore
export const COMMON_EMOJI = [
  '🙂', '😊', '😀', '😉', '😍', '🤗', '🤔', '😅', '😢', '😔',
  '🙏', '👍', '👎', '👌', '👋', '👏', '💪', '🤝', '✌️', '🙌',
  '❤️', '🔥', '⭐', '🎉', '✅', '❌', '⚠️', '❓', '❗', '💡',
  '📦', '🚚', '🛒', '💳', '🧾', '📞', '📧', '📅', '⏰', '🎁',
] as const;

/** A small built-in emoji picker; the chosen emoji goes where the caret is. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useI18n();
  return (
    <Popover
      label={t('composer.emoji')}
      buttonContent={<Icon name="smile" />}
      buttonTestId="emoji-button"
    >
      {(close) => (
        <div className="emoji-grid" data-testid="emoji-picker">
          {COMMON_EMOJI.map((emoji) => (
            <button
              key={emoji}
              className="emoji-grid__item"
              type="button"
              onClick={() => {
                onPick(emoji);
                close();
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </Popover>
  );
}
