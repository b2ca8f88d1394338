import { useMemo, useState } from 'react';
import { newId, type RoutingRule, type Team } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { DeleteRuleDialog } from './DeleteRuleDialog';
import { RulePanel } from './RulePanel';
import { rulesInOrder } from './rule-form';

type Panel = { ruleId: string; rule: RoutingRule | undefined };

/**
 * The channel's routing rules in the order they are tried (spec §3), the default one last and
 * read-only: the server made it and follows the channel's team (docs/distribution.md). Adding,
 * editing and deleting go through the outbox like every other setting.
 */
export function RoutingTab({
  channelId,
  rules,
  teams,
  bots,
}: {
  channelId: string;
  rules: readonly RoutingRule[];
  teams: readonly Team[];
  bots: readonly { id: string; name: string }[];
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const ordered = useMemo(() => rulesInOrder(rules), [rules]);
  const teamNames = useMemo(() => new Map(teams.map((team) => [team.id, team.name])), [teams]);
  const botNames = useMemo(() => new Map(bots.map((bot) => [bot.id, bot.name])), [bots]);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [deleting, setDeleting] = useState<RoutingRule | null>(null);

  const actionText = (rule: RoutingRule): string => {
    if (rule.isDefault) return t('channels.rules.defaultAction');
    const kind = t(`channels.rules.action.${rule.action.kind}`);
    if (rule.action.kind === 'team')
      return `${kind}: ${teamNames.get(rule.action.teamId) ?? t('channels.rules.unknownTeam')}`;
    if (rule.action.kind === 'chat_bot')
      return `${kind}: ${botNames.get(rule.action.botId) ?? t('channels.rules.unknownBot')}`;
    return kind;
  };
  const conditionText = (rule: RoutingRule): string => {
    const c = rule.conditions;
    const parts = [
      t(`channels.rules.chatStatus.${c.chatStatus}`),
      t(`channels.rules.messageType.${c.messageType}`),
    ];
    if (c.includeIntents.length > 0)
      parts.push(
        `+ ${c.includeIntents.map((intent) => t(`channels.intent.${intent}`)).join(', ')}`,
      );
    if (c.excludeIntents.length > 0)
      parts.push(
        `− ${c.excludeIntents.map((intent) => t(`channels.intent.${intent}`)).join(', ')}`,
      );
    return parts.join(' · ');
  };

  return (
    <div className="with-panel" data-testid="routing-tab">
      <div className="with-panel__list">
        <p className="channels__note">{t('channels.rules.hint')}</p>
        <div>
          <button
            className="button button--primary"
            type="button"
            data-testid="rule-add"
            onClick={() => {
              setPanel({ ruleId: newId(), rule: undefined });
            }}
          >
            {t('channels.rules.add')}
          </button>
        </div>
        <table className="table" data-testid="rules-table">
          <thead>
            <tr>
              <th scope="col">{t('channels.rules.column.name')}</th>
              <th scope="col">{t('channels.rules.column.conditions')}</th>
              <th scope="col">{t('channels.rules.column.action')}</th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((rule) => (
              <tr
                key={rule.id}
                data-testid="rule-row"
                data-rule-id={rule.id}
                aria-selected={panel?.ruleId === rule.id}
              >
                <td>
                  {rule.isDefault ? (
                    <span data-testid="rule-default">
                      {rule.name} ({t('channels.rules.default')})
                    </span>
                  ) : (
                    <button
                      className="button button--link"
                      type="button"
                      data-testid="rule-open"
                      onClick={() => {
                        setPanel({ ruleId: rule.id, rule });
                      }}
                    >
                      {rule.name}
                    </button>
                  )}
                </td>
                <td>{rule.isDefault ? t('channels.rules.everythingElse') : conditionText(rule)}</td>
                <td data-testid="rule-action">{actionText(rule)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {panel ? (
        <RulePanel
          key={panel.ruleId}
          channelId={channelId}
          ruleId={panel.ruleId}
          rule={panel.rule}
          siblings={rules}
          teams={teams}
          bots={bots}
          onClose={() => {
            setPanel(null);
          }}
          onDelete={
            panel.rule
              ? () => {
                  setDeleting(panel.rule ?? null);
                }
              : undefined
          }
        />
      ) : null}
      {deleting ? (
        <DeleteRuleDialog
          rule={deleting}
          onClose={() => {
            setDeleting(null);
          }}
          onDeleted={() => {
            setPanel(null);
          }}
        />
      ) : null}
    </div>
  );
}
