import { useMemo, useState } from 'react';
import { useCommandSubmit } from '../../store/hooks';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { SectionFrame } from '../../ui/SectionFrame';
import { useToast } from '../../ui/Toasts';
import { problemText, refusalPlace } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { MergeChoices } from './MergeChoices';
import { ProfilePicker } from './ProfilePicker';
import { mergeConflicts, mergePayload, mergePreview, type Choices } from './merge-rules';
import { useMergeData, type MergeSide } from './queries';
import './client-settings.css';

/**
 * Contact merge (spec §2 `/admin/preferences/merge-contacts`, no guard; also reached from a
 * profile with `?clientId=`): two profiles found by a local search, the one that stays, a side for
 * each field they disagree on, a preview of the result, then `client.merge` after a confirmation.
 */
export function MergeScreen({ initialClientId }: { initialClientId: string | undefined }) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const [firstId, setFirstId] = useState<string | undefined>(initialClientId);
  const [secondId, setSecondId] = useState<string | undefined>(undefined);
  const [survivorIsFirst, setSurvivorIsFirst] = useState(true);
  const [choices, setChoices] = useState<Choices>({});
  const [confirming, setConfirming] = useState(false);
  const data = useMergeData(firstId, secondId);

  const pair = data?.first && data.second ? { first: data.first, second: data.second } : null;
  const survivor: MergeSide | null = pair ? (survivorIsFirst ? pair.first : pair.second) : null;
  const merged: MergeSide | null = pair ? (survivorIsFirst ? pair.second : pair.first) : null;
  const conflicts = useMemo(
    () => (survivor && merged ? mergeConflicts(survivor.client, merged.client) : []),
    [survivor, merged],
  );
  const preview = useMemo(
    () =>
      survivor && merged
        ? mergePreview(survivor.client, merged.client, survivor.contacts, merged.contacts, choices)
        : null,
    [survivor, merged, choices],
  );

  const merge = useCommandSubmit(() => {
    toast(t('clientSettings.merge.done'));
    setConfirming(false);
    // The survivor stays chosen, ready for another merge; the merged profile is gone.
    setFirstId(survivor?.client.id);
    setSecondId(undefined);
    setSurvivorIsFirst(true);
    setChoices({});
  });

  const pick = (side: 'first' | 'second') => (id: string | undefined) => {
    if (side === 'first') setFirstId(id);
    else setSecondId(id);
    setChoices({});
  };

  return (
    <SectionFrame title={t('section.preferences.mergeContacts')}>
      <p className="client-settings__note">{t('clientSettings.merge.intro')}</p>
      <div className="merge__sides">
        <ProfilePicker
          label={t('clientSettings.merge.first')}
          testId="merge-first"
          client={data?.first?.client ?? null}
          missing={firstId !== undefined && data !== undefined && data.first === null}
          except={secondId}
          onPick={pick('first')}
        />
        <ProfilePicker
          label={t('clientSettings.merge.second')}
          testId="merge-second"
          client={data?.second?.client ?? null}
          missing={secondId !== undefined && data !== undefined && data.second === null}
          except={firstId}
          onPick={pick('second')}
        />
      </div>
      {pair && survivor && merged && preview && data ? (
        <MergeChoices
          first={pair.first.client}
          second={pair.second.client}
          survivorIsFirst={survivorIsFirst}
          onSurvivor={(isFirst) => {
            setSurvivorIsFirst(isFirst);
            setChoices({});
          }}
          conflicts={conflicts}
          choices={choices}
          onChoice={(id, side) => {
            setChoices((current) => ({ ...current, [id]: side }));
          }}
          preview={preview}
          data={data}
          merged={merged}
          onMerge={() => {
            setConfirming(true);
          }}
        />
      ) : null}
      {confirming && survivor && merged ? (
        <ConfirmDeleteDialog
          title={t('clientSettings.merge.confirm.title')}
          confirmLabel={t('clientSettings.merge.confirm.button')}
          testId="merge"
          remove={merge}
          command={{
            type: 'client.merge',
            payload: mergePayload(survivor.client.id, merged.client.id, conflicts, choices),
          }}
          refusalText={(error) => problemText(refusalPlace(error, []).problem, i18n)}
          onClose={() => {
            setConfirming(false);
          }}
        >
          <p>
            {t('clientSettings.merge.confirm.text', {
              merged: merged.client.name,
              survivor: survivor.client.name,
            })}
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </SectionFrame>
  );
}
