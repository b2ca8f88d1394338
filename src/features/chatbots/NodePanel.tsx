import { useState } from 'react';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  BOT_ACTION_KINDS,
  INTENTS,
  LIMITS,
  attachmentProblem,
  newId,
  type BotAction,
  type BotActionKind,
  type BotNode,
  type ScenarioProblem,
  type Team,
  type User,
} from '../../protocol';
import { SelectField } from '../../ui/forms/SelectField';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import { LeadsToSelect } from './LeadsToSelect';
import { AddPart, RemovePart } from './PartControls';
import { scenarioProblemText } from './problem-text';
import { newButton, newIntent, newTrigger } from './scenario-edit';
import { withNext } from './scenario-parts';

/** Every time zone this browser knows, for a trigger's window. */
const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');
const ownTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const actionOf = (kind: BotActionKind): BotAction =>
  kind === 'operator'
    ? { kind, userId: null }
    : kind === 'team'
      ? { kind, teamId: null }
      : { kind };

/**
 * The node editor (spec §3 "Node"): the bot's reply, the client's replies as buttons, intents of
 * a typed answer, triggers by the clock, the default action and the final action, each part that
 * leads somewhere with its "Leads to" choice. Every problem the rules find at the node shows at
 * the part it is about, in the spec §8 words; the node's own problems above them.
 */
export function NodePanel({
  node,
  nodes,
  isRoot,
  problems,
  operators,
  teams,
  onChange,
  onDelete,
  onPickFile,
  fileWaits,
}: {
  node: BotNode;
  nodes: readonly BotNode[];
  isRoot: boolean;
  /** The rules' problems at this node. */
  problems: readonly ScenarioProblem[];
  operators: readonly User[];
  teams: readonly Team[];
  /** The node changed; `key` names the field typed into (one undo step per word typed). */
  onChange: (node: BotNode, key?: string) => void;
  onDelete: () => void;
  /** A file picked for the reply: kept for the next save, which uploads it first. */
  onPickFile: (file: { id: string; blob: Blob; name: string; type: string }) => void;
  /** Whether the reply's file waits for the next save. */
  fileWaits: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [fileError, setFileError] = useState<string | null>(null);
  const fileProblem = problems.find((problem) => problem.field === 'file');
  /** The problems at one part (and field) of the node, in words; `field` null: any but a link's. */
  const at = (itemId: string | undefined, field?: string | null) =>
    problems
      .filter(
        (problem) =>
          problem.itemId === itemId &&
          (field === undefined ||
            (field === null ? problem.field !== 'link' : problem.field === field)),
      )
      .map((problem) => scenarioProblemText(problem, i18n))
      .join(' ') || undefined;
  const nodeProblems = problems.filter(
    (problem) => problem.itemId === undefined && problem.field !== 'action',
  );
  const key = (...parts: string[]) => [node.id, ...parts].join(':');
  const zones = (value: string) =>
    TIME_ZONES.includes(value) ? TIME_ZONES : [value, ...TIME_ZONES];

  return (
    <div className="chatbot-node" data-testid="chatbot-node-panel" data-node-id={node.id}>
      {isRoot ? (
        <p className="chatbot-node__root" data-testid="chatbot-node-root">
          {t('chatbots.node.root')}
        </p>
      ) : null}
      {nodeProblems.length > 0 ? (
        <ul className="chatbot-node__problems" role="alert" data-testid="chatbot-node-problems">
          {nodeProblems.map((problem, index) => (
            <li key={`${problem.name}-${String(index)}`}>{scenarioProblemText(problem, i18n)}</li>
          ))}
        </ul>
      ) : null}
      <TextField
        label={t('chatbots.node.title')}
        value={node.title}
        maxLength={200}
        data-testid="chatbot-node-title"
        onValue={(title) => {
          onChange({ ...node, title }, key('title'));
        }}
      />
      <p className="form__hint">{t('chatbots.node.title.hint')}</p>
      <TextAreaField
        label={t('chatbots.node.reply')}
        value={node.reply.text}
        rows={4}
        maxLength={LIMITS.messageTextMax}
        data-testid="chatbot-node-reply"
        onValue={(text) => {
          onChange({ ...node, reply: { ...node.reply, text } }, key('reply'));
        }}
      />
      <div className="field" data-testid="chatbot-node-file">
        <span className="field__label" id={`${node.id}-file`}>
          {t('chatbots.node.file')}
        </span>
        {node.reply.fileId === null ? null : (
          <p className="chatbot-node__file">
            <span data-testid="chatbot-node-file-name">
              {node.reply.fileName ?? t('chatbots.node.file.unnamed')}
            </span>
            {fileWaits ? ` · ${t('chatbots.node.file.waits')}` : null}{' '}
            <button
              type="button"
              className="button button--link"
              data-testid="chatbot-node-file-remove"
              onClick={() => {
                onChange({ ...node, reply: { text: node.reply.text, fileId: null } });
              }}
            >
              {t('chatbots.node.file.remove')}
            </button>
          </p>
        )}
        <input
          type="file"
          accept={ATTACHMENT_TYPES.join(',')}
          aria-labelledby={`${node.id}-file`}
          data-testid="chatbot-node-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const problem = attachmentProblem(file);
            if (problem) {
              setFileError(i18n.error(problem, { max: ATTACHMENT_MAX_BYTES }));
              return;
            }
            setFileError(null);
            const id = newId();
            onPickFile({ id, blob: file, name: file.name, type: file.type });
            onChange({ ...node, reply: { ...node.reply, fileId: id, fileName: file.name } });
          }}
        />
        {fileError || fileProblem ? (
          <p className="field__error" role="alert">
            {fileError ?? (fileProblem ? scenarioProblemText(fileProblem, i18n) : null)}
          </p>
        ) : null}
      </div>

      <section className="chatbot-node__section" aria-labelledby={`${node.id}-buttons`}>
        <h3 id={`${node.id}-buttons`}>{t('chatbots.buttons.heading')}</h3>
        {node.buttons.map((button, index) => (
          <fieldset key={button.id} className="chatbot-item" data-testid="chatbot-button">
            <legend className="visually-hidden">{`${t('chatbots.buttons.name')} ${String(index + 1)}`}</legend>
            <TextField
              label={t('chatbots.buttons.name')}
              value={button.name}
              required
              data-testid="chatbot-button-name"
              error={at(button.id, null)}
              onValue={(name) => {
                onChange(
                  {
                    ...node,
                    buttons: node.buttons.map((b) => (b.id === button.id ? { ...b, name } : b)),
                  },
                  key('button', button.id, 'name'),
                );
              }}
            />
            <SelectField
              label={t('chatbots.buttons.kind')}
              value={button.kind}
              data-testid="chatbot-button-kind"
              options={[
                { value: 'value', label: t('chatbots.buttons.kind.value') },
                { value: 'link', label: t('chatbots.buttons.kind.link') },
              ]}
              onValue={(kind) => {
                const next = kind === 'link' ? ('link' as const) : ('value' as const);
                onChange({
                  ...node,
                  buttons: node.buttons.map((b) =>
                    b.id === button.id
                      ? { ...b, kind: next, next: next === 'link' ? null : b.next }
                      : b,
                  ),
                });
              }}
            />
            {button.kind === 'link' ? (
              <TextField
                label={t('chatbots.buttons.link')}
                type="url"
                value={button.link}
                data-testid="chatbot-button-link"
                error={at(button.id, 'link')}
                onValue={(link) => {
                  onChange(
                    {
                      ...node,
                      buttons: node.buttons.map((b) => (b.id === button.id ? { ...b, link } : b)),
                    },
                    key('button', button.id, 'link'),
                  );
                }}
              />
            ) : (
              <LeadsToSelect
                nodeId={node.id}
                nodes={nodes}
                value={button.next}
                testId="chatbot-button-next"
                onValue={(next) => {
                  onChange(withNext(node, { kind: 'button', itemId: button.id }, next));
                }}
              />
            )}
            <RemovePart
              testId="chatbot-button-remove"
              onRemove={() => {
                onChange({ ...node, buttons: node.buttons.filter((b) => b.id !== button.id) });
              }}
            />
          </fieldset>
        ))}
        <AddPart
          testId="chatbot-button-add"
          label={t('chatbots.buttons.add')}
          count={node.buttons.length}
          max={LIMITS.nodeMaxButtons}
          onAdd={() => {
            onChange({ ...node, buttons: [...node.buttons, newButton(newId())] });
          }}
        />
      </section>

      <section className="chatbot-node__section" aria-labelledby={`${node.id}-intents`}>
        <h3 id={`${node.id}-intents`}>{t('chatbots.intents.heading')}</h3>
        {node.intents.map((intent) => (
          <fieldset key={intent.id} className="chatbot-item" data-testid="chatbot-intent">
            <legend className="visually-hidden">{t('chatbots.intents.intent')}</legend>
            <SelectField
              label={t('chatbots.intents.intent')}
              value={intent.intent ?? ''}
              required
              data-testid="chatbot-intent-intent"
              error={at(intent.id)}
              options={[
                { value: '', label: t('chatbots.intents.choose') },
                ...INTENTS.map((name) => ({ value: name, label: t(`chatbots.intent.${name}`) })),
              ]}
              onValue={(value) => {
                const chosen = INTENTS.find((name) => name === value) ?? null;
                onChange({
                  ...node,
                  intents: node.intents.map((i) =>
                    i.id === intent.id ? { ...i, intent: chosen } : i,
                  ),
                });
              }}
            />
            <LeadsToSelect
              nodeId={node.id}
              nodes={nodes}
              value={intent.next}
              testId="chatbot-intent-next"
              onValue={(next) => {
                onChange(withNext(node, { kind: 'intent', itemId: intent.id }, next));
              }}
            />
            <RemovePart
              onRemove={() => {
                onChange({ ...node, intents: node.intents.filter((i) => i.id !== intent.id) });
              }}
            />
          </fieldset>
        ))}
        <AddPart
          testId="chatbot-intent-add"
          label={t('chatbots.intents.add')}
          count={node.intents.length}
          max={LIMITS.nodeMaxIntents}
          onAdd={() => {
            onChange({ ...node, intents: [...node.intents, newIntent(newId())] });
          }}
        />
      </section>

      <section className="chatbot-node__section" aria-labelledby={`${node.id}-triggers`}>
        <h3 id={`${node.id}-triggers`}>{t('chatbots.triggers.heading')}</h3>
        {node.triggers.map((trigger) => {
          const set = (change: Partial<typeof trigger>, field?: string) => {
            onChange(
              {
                ...node,
                triggers: node.triggers.map((item) =>
                  item.id === trigger.id ? { ...item, ...change } : item,
                ),
              },
              field === undefined ? undefined : key('trigger', trigger.id, field),
            );
          };
          return (
            <fieldset key={trigger.id} className="chatbot-item" data-testid="chatbot-trigger">
              <legend className="visually-hidden">{t('chatbots.triggers.heading')}</legend>
              <div className="chatbot-item__row">
                <TextField
                  label={t('chatbots.triggers.start')}
                  type="time"
                  value={trigger.start}
                  error={at(trigger.id, 'start')}
                  onValue={(start) => {
                    set({ start }, 'start');
                  }}
                />
                <TextField
                  label={t('chatbots.triggers.end')}
                  type="time"
                  value={trigger.end}
                  error={at(trigger.id, 'end')}
                  onValue={(end) => {
                    set({ end }, 'end');
                  }}
                />
              </div>
              <SelectField
                label={t('chatbots.triggers.timeZone')}
                value={trigger.timeZone}
                error={at(trigger.id, 'timeZone')}
                options={zones(trigger.timeZone).map((zone) => ({ value: zone, label: zone }))}
                onValue={(timeZone) => {
                  set({ timeZone });
                }}
              />
              <LeadsToSelect
                nodeId={node.id}
                nodes={nodes}
                value={trigger.next}
                testId="chatbot-trigger-next"
                onValue={(next) => {
                  onChange(withNext(node, { kind: 'trigger', itemId: trigger.id }, next));
                }}
              />
              <RemovePart
                onRemove={() => {
                  onChange({ ...node, triggers: node.triggers.filter((i) => i.id !== trigger.id) });
                }}
              />
            </fieldset>
          );
        })}
        <AddPart
          testId="chatbot-trigger-add"
          label={t('chatbots.triggers.add')}
          count={node.triggers.length}
          max={LIMITS.nodeMaxTriggers}
          onAdd={() => {
            onChange({ ...node, triggers: [...node.triggers, newTrigger(newId(), ownTimeZone())] });
          }}
        />
      </section>

      <section className="chatbot-node__section" aria-labelledby={`${node.id}-default`}>
        <h3 id={`${node.id}-default`}>{t('chatbots.default.heading')}</h3>
        <p className="form__hint">{t('chatbots.default.hint')}</p>
        <LeadsToSelect
          nodeId={node.id}
          nodes={nodes}
          value={node.defaultNext}
          testId="chatbot-default-next"
          onValue={(next) => {
            onChange({ ...node, defaultNext: next });
          }}
        />
      </section>

      <section className="chatbot-node__section" aria-labelledby={`${node.id}-action`}>
        <h3 id={`${node.id}-action`}>{t('chatbots.action.heading')}</h3>
        <SelectField
          label={t('chatbots.action.kind')}
          value={node.action.kind}
          data-testid="chatbot-action-kind"
          error={
            node.action.kind === 'operator' || node.action.kind === 'team'
              ? undefined
              : at(undefined, 'action')
          }
          options={BOT_ACTION_KINDS.map((kind) => ({
            value: kind,
            label: t(`chatbots.action.${kind}`),
          }))}
          onValue={(kind) => {
            const chosen = BOT_ACTION_KINDS.find((name) => name === kind) ?? 'none';
            onChange({ ...node, action: actionOf(chosen) });
          }}
        />
        {node.action.kind === 'operator' ? (
          <SelectField
            label={t('chatbots.action.operatorField')}
            value={node.action.userId ?? ''}
            required
            data-testid="chatbot-action-operator"
            error={at(undefined, 'action')}
            options={[
              { value: '', label: t('chatbots.action.chooseOperator') },
              ...operators.map((user) => ({ value: user.id, label: user.name })),
            ]}
            onValue={(userId) => {
              onChange({
                ...node,
                action: { kind: 'operator', userId: userId === '' ? null : userId },
              });
            }}
          />
        ) : null}
        {node.action.kind === 'team' ? (
          <SelectField
            label={t('chatbots.action.teamField')}
            value={node.action.teamId ?? ''}
            required
            data-testid="chatbot-action-team"
            error={at(undefined, 'action')}
            options={[
              { value: '', label: t('chatbots.action.chooseTeam') },
              ...teams.map((team) => ({ value: team.id, label: team.name })),
            ]}
            onValue={(teamId) => {
              onChange({
                ...node,
                action: { kind: 'team', teamId: teamId === '' ? null : teamId },
              });
            }}
          />
        ) : null}
      </section>

      <div className="form__actions">
        <button
          className="button button--danger"
          type="button"
          data-testid="chatbot-node-delete"
          onClick={onDelete}
        >
          {t('chatbots.node.delete')}
        </button>
      </div>
    </div>
  );
}
