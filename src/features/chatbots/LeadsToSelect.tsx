import type { BotNode } from '../../protocol';
import { SelectField } from '../../ui/forms/SelectField';
import { useI18n } from '../../ui/i18n';
import { nodeTitle } from './scenario-elements';

/**
 * Where one part of a node leads, chosen from the scenario's other nodes: the keyboard's way to
 * draw, change or remove the edge the canvas draws by dragging.
 */
export function LeadsToSelect({
  nodeId,
  nodes,
  value,
  onValue,
  error,
  testId,
}: {
  nodeId: string;
  nodes: readonly BotNode[];
  value: string | null;
  onValue: (next: string | null) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useI18n();
  const missing = value !== null && !nodes.some((node) => node.id === value);
  return (
    <SelectField
      label={t('chatbots.node.leadsTo')}
      value={value ?? ''}
      data-testid={testId}
      error={error}
      options={[
        { value: '', label: t('chatbots.node.leadsNowhere') },
        ...(missing ? [{ value, label: t('chatbots.field.nodeMissing') }] : []),
        ...nodes
          .filter((node) => node.id !== nodeId)
          .map((node) => ({ value: node.id, label: nodeTitle(node, t('chatbots.node.untitled')) })),
      ]}
      onValue={(next) => {
        onValue(next === '' ? null : next);
      }}
    />
  );
}
