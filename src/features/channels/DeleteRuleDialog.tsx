import type { RoutingRule } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { useToast } from '../../ui/Toasts';
import { problemText } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { ruleRefusal } from './rule-form';

/** Asks before `routingRule.delete`; the default rule never gets here (it cannot be deleted). */
export function DeleteRuleDialog({
  rule,
  onClose,
  onDeleted,
}: {
  rule: RoutingRule;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const remove = useCommandSubmit(() => {
    toast(t('channels.rules.deleted'));
    onClose();
    onDeleted();
  });
  return (
    <ConfirmDeleteDialog
      title={t('channels.rules.delete.title')}
      confirmLabel={t('channels.rules.delete.confirm')}
      testId="rule-delete"
      remove={remove}
      command={{ type: 'routingRule.delete', payload: { ruleId: rule.id } }}
      refusalText={(error) => problemText(ruleRefusal(error).problem, i18n)}
      onClose={onClose}
    >
      <p>{t('channels.rules.delete.text', { name: rule.name })}</p>
    </ConfirmDeleteDialog>
  );
}
