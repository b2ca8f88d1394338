import { useContext } from 'react';
import type { StaffCommandType } from '../../protocol';
import { discardRejected, retryRejected, type OutboxRow } from '../../store';
import { CommandSinkContext, useRejectedCommands, useStore } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { useI18n, type MessageKey } from '../../ui/i18n';

/** A name for every command staff can send, so a refusal says what was refused. */
const COMMAND_LABELS: Record<StaffCommandType, MessageKey> = {
  'message.send': 'command.message.send',
  'message.sendTemplate': 'command.message.sendTemplate',
  'messengerTemplate.create': 'command.messengerTemplate.create',
  'messengerTemplate.update': 'command.messengerTemplate.update',
  'messengerTemplate.submit': 'command.messengerTemplate.submit',
  'messengerTemplate.delete': 'command.messengerTemplate.delete',
  'chatbot.save': 'command.chatbot.save',
  'chatbot.publish': 'command.chatbot.publish',
  'chatbot.restore': 'command.chatbot.restore',
  'chatbot.delete': 'command.chatbot.delete',
  'chat.take': 'command.chat.take',
  'chat.transfer': 'command.chat.transfer',
  'chat.close': 'command.chat.close',
  'chat.setCategory': 'command.chat.setCategory',
  'chat.create': 'command.chat.create',
  'operator.setStatus': 'command.operator.setStatus',
  'routingRule.save': 'command.routingRule.save',
  'routingRule.delete': 'command.routingRule.delete',
  'autoReplies.save': 'command.autoReplies.save',
  'team.setDistribution': 'command.team.setDistribution',
  'channel.setThresholds': 'command.channel.setThresholds',
  'channel.create': 'command.channel.create',
  'channel.update': 'command.channel.update',
  'channel.setActive': 'command.channel.setActive',
  'team.create': 'command.team.create',
  'team.update': 'command.team.update',
  'team.delete': 'command.team.delete',
  'team.setMembers': 'command.team.setMembers',
  'role.create': 'command.role.create',
  'role.update': 'command.role.update',
  'role.delete': 'command.role.delete',
  'client.create': 'command.client.create',
  'client.update': 'command.client.update',
  'client.setSpam': 'command.client.setSpam',
  'client.addTag': 'command.client.addTag',
  'client.removeTag': 'command.client.removeTag',
  'client.addComment': 'command.client.addComment',
  'client.deleteComment': 'command.client.deleteComment',
  'client.addField': 'command.client.addField',
  'client.updateField': 'command.client.updateField',
  'client.removeField': 'command.client.removeField',
  'client.addContact': 'command.client.addContact',
  'client.removeContact': 'command.client.removeContact',
  'client.linkCompany': 'command.client.linkCompany',
  'client.unlinkCompany': 'command.client.unlinkCompany',
  'client.merge': 'command.client.merge',
  'company.create': 'command.company.create',
  'clientStatus.create': 'command.clientStatus.create',
  'clientStatus.update': 'command.clientStatus.update',
  'clientStatus.delete': 'command.clientStatus.delete',
  'blacklist.add': 'command.blacklist.add',
  'blacklist.remove': 'command.blacklist.remove',
  'user.create': 'command.user.create',
  'user.update': 'command.user.update',
  'requestCategory.create': 'command.requestCategory.create',
  'requestCategory.update': 'command.requestCategory.update',
  'requestCategory.move': 'command.requestCategory.move',
  'requestCategory.delete': 'command.requestCategory.delete',
  'organization.setUsesCategories': 'command.organization.setUsesCategories',
  'organization.setTimeZone': 'command.organization.setTimeZone',
  'templateCategory.create': 'command.templateCategory.create',
  'templateCategory.update': 'command.templateCategory.update',
  'templateCategory.delete': 'command.templateCategory.delete',
  'template.create': 'command.template.create',
  'template.update': 'command.template.update',
  'template.delete': 'command.template.delete',
};

const commandLabel = (type: string): MessageKey =>
  Object.hasOwn(COMMAND_LABELS, type) ? COMMAND_LABELS[type as StaffCommandType] : 'command.other';

/** A reply's words, so the user recognises what was not sent. */
const gist = (row: OutboxRow): string | null => {
  const text = row.payload.text;
  if (typeof text !== 'string' || text.trim() === '') return null;
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/**
 * Commands the server refused, with its reason in the user's language. They stay until the user
 * tries again or discards them: nothing the user wrote disappears on its own.
 */
export function RejectedCommands() {
  const { t, error } = useI18n();
  const db = useStore();
  const sink = useContext(CommandSinkContext);
  const rejected = useRejectedCommands();
  if (!rejected || rejected.length === 0 || !sink) return null;
  return (
    <>
      {rejected.map((row) => (
        <Notice
          key={row.id}
          tone="danger"
          title={`${t('rejected.title')}: ${t(commandLabel(row.type))}`}
          actions={
            <>
              <button
                className="button"
                type="button"
                onClick={() => {
                  void retryRejected(db, row.id, { userId: sink.userId }).then(() => {
                    sink.afterEnqueue();
                  });
                }}
              >
                {t('rejected.retry')}
              </button>
              <button
                className="button button--link"
                type="button"
                onClick={() => {
                  void discardRejected(db, row.id);
                }}
              >
                {t('rejected.discard')}
              </button>
            </>
          }
        >
          <span data-testid="rejected-error">
            {row.error ? error(row.error.name, row.error.params) : ''}
          </span>
          {gist(row) ? <q className="rejected__text">{gist(row)}</q> : null}
        </Notice>
      ))}
    </>
  );
}
