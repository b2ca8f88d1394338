import { useI18n } from '../../ui/i18n';

/** The button that removes one part of a node (a button, an intent, a trigger). */
export function RemovePart({ testId, onRemove }: { testId?: string; onRemove: () => void }) {
  const { t } = useI18n();
  return (
    <button
      className="button button--small"
      type="button"
      {...(testId ? { 'data-testid': testId } : {})}
      onClick={onRemove}
    >
      {t('chatbots.node.remove')}
    </button>
  );
}

/** Adds a part of a kind to a node while it has fewer than the limit, which it names. */
export function AddPart({
  testId,
  label,
  count,
  max,
  onAdd,
}: {
  testId: string;
  label: string;
  count: number;
  max: number;
  onAdd: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <button
        className="button"
        type="button"
        data-testid={testId}
        disabled={count >= max}
        onClick={onAdd}
      >
        {label}
      </button>
      <span className="form__hint"> {t('chatbots.limit', { max })}</span>
    </>
  );
}
