import { useId } from 'react';
import type { Client } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { conflictValueText, statusText } from './merge-texts';
import {
  conflictId,
  sideOf,
  type Choices,
  type Conflict,
  type MergePreview,
  type Side,
} from './merge-rules';
import type { MergeData, MergeSide } from './queries';

/**
 * The middle of the merge page once both profiles are chosen: which profile stays, a side for each
 * field they disagree on (radio groups, one per field), and the profile as it will be.
 */
export function MergeChoices({
  first,
  second,
  survivorIsFirst,
  onSurvivor,
  conflicts,
  choices,
  onChoice,
  preview,
  data,
  merged,
  onMerge,
}: {
  first: Client;
  second: Client;
  survivorIsFirst: boolean;
  onSurvivor: (isFirst: boolean) => void;
  conflicts: readonly Conflict[];
  choices: Choices;
  onChoice: (conflictId: string, side: Side) => void;
  preview: MergePreview;
  data: MergeData;
  merged: MergeSide;
  onMerge: () => void;
}) {
  const { t } = useI18n();
  const group = useId();
  const none = t('clientSettings.merge.none');
  const label = (conflict: Conflict) =>
    conflict.key === 'field'
      ? t('clientSettings.merge.field.extra', { name: conflict.name })
      : t(
          conflict.key === 'name'
            ? 'clientSettings.merge.field.name'
            : conflict.key === 'status'
              ? 'clientSettings.merge.field.status'
              : 'clientSettings.merge.field.personalManager',
        );
  const manager = preview.personalManagerId
    ? (data.users.find((user) => user.id === preview.personalManagerId)?.name ??
      preview.personalManagerId)
    : t('clientSettings.merge.empty');

  return (
    <>
      <fieldset className="merge__fieldset" data-testid="merge-survivor">
        <legend>{t('clientSettings.merge.survivor')}</legend>
        {[first, second].map((client, index) => (
          <label key={client.id} className="field--check">
            <input
              type="radio"
              name={`${group}-survivor`}
              value={client.id}
              checked={survivorIsFirst === (index === 0)}
              onChange={() => {
                onSurvivor(index === 0);
              }}
            />{' '}
            {t('clientSettings.merge.survivorOption', { name: client.name })}
          </label>
        ))}
      </fieldset>

      <fieldset className="merge__fieldset" data-testid="merge-conflicts">
        <legend>{t('clientSettings.merge.choices')}</legend>
        {conflicts.length === 0 ? (
          <p className="client-settings__note">{t('clientSettings.merge.noConflicts')}</p>
        ) : (
          conflicts.map((conflict) => {
            const id = conflictId(conflict);
            const chosen = sideOf(conflict, choices);
            return (
              <fieldset key={id} className="merge__choice" data-testid="merge-conflict">
                <legend className="visually-hidden">{label(conflict)}</legend>
                <span aria-hidden="true">{label(conflict)}</span>
                {(['survivor', 'merged'] as const).map((side) => (
                  <label key={side} className="field--check">
                    <input
                      type="radio"
                      name={`${group}-${id}`}
                      value={side}
                      checked={chosen === side}
                      onChange={() => {
                        onChoice(id, side);
                      }}
                    />{' '}
                    {conflictValueText(conflict, conflict[side], data, t)}
                  </label>
                ))}
              </fieldset>
            );
          })
        )}
      </fieldset>

      <section className="merge__preview" aria-labelledby={`${group}-preview`}>
        <h2 id={`${group}-preview`} className="client-settings__heading">
          {t('clientSettings.merge.preview')}
        </h2>
        <dl data-testid="merge-preview">
          <dt>{t('clientSettings.merge.preview.name')}</dt>
          <dd data-testid="merge-preview-name">{preview.name}</dd>
          <dt>{t('clientSettings.merge.preview.status')}</dt>
          <dd>{statusText(preview.status, data.statuses, t)}</dd>
          <dt>{t('clientSettings.merge.preview.manager')}</dt>
          <dd>{manager}</dd>
          <dt>{t('clientSettings.merge.preview.contacts')}</dt>
          <dd data-testid="merge-preview-contacts">
            {preview.contacts.length === 0
              ? none
              : preview.contacts
                  .map(
                    (contact) =>
                      `${t(`clientSettings.blacklist.kind.${contact.kind}`)}: ${contact.value}`,
                  )
                  .join('; ')}
          </dd>
          <dt>{t('clientSettings.merge.preview.tags')}</dt>
          <dd>{preview.tags.length === 0 ? none : preview.tags.join(', ')}</dd>
          <dt>{t('clientSettings.merge.preview.companies')}</dt>
          <dd>
            {preview.companyIds.length === 0
              ? none
              : preview.companyIds.map((id) => data.companyNames.get(id) ?? id).join(', ')}
          </dd>
          <dt>{t('clientSettings.merge.preview.fields')}</dt>
          <dd>
            {preview.fields.length === 0
              ? none
              : preview.fields.map((field) => `${field.name}: ${field.value}`).join('; ')}
          </dd>
        </dl>
        {preview.spam ? (
          <p className="form-failure">{t('clientSettings.merge.preview.spam')}</p>
        ) : null}
        <p className="client-settings__note" data-testid="merge-moves">
          {t('clientSettings.merge.preview.moves', {
            chats: merged.chatCount,
            comments: merged.comments.length,
            name: merged.client.name,
          })}
        </p>
      </section>
      <div className="form__actions">
        <button
          className="button button--primary"
          type="button"
          data-testid="merge-submit"
          onClick={onMerge}
        >
          {t('clientSettings.merge.submit')}
        </button>
      </div>
    </>
  );
}
