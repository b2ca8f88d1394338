import { useId, useRef } from 'react';
import { VIBER_PHOTO, newId } from '../../protocol';
import type { NewFile } from '../../store';
import { useI18n } from '../../ui/i18n';

/** A photo picked in the form, uploaded through the outbox with the save. */
export type PickedPhoto = NewFile & { id: string; size: number };

/** Why a picked photo cannot be the bot's, before anything is sent (the server checks again). */
export const photoPickProblem = (file: { type: string; size: number }): boolean =>
  file.type !== VIBER_PHOTO.type || file.size > VIBER_PHOTO.maxBytes;

/**
 * A Viber bot's photo (spec §3 "viber_bot requires a jpg photo"): a JPEG of up to 100 KB, picked
 * here and uploaded with the save, like a user's photo. Viber shows it beside the bot's messages.
 */
export function ChannelPhotoField({
  fileId,
  picked,
  onPick,
  error,
}: {
  /** The photo the channel names now: a stored one, or the one just picked. */
  fileId: string;
  picked: PickedPhoto | null;
  onPick: (photo: PickedPhoto | null, problem: boolean) => void;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  return (
    <div className="field" role="group" aria-labelledby={labelId} data-testid="channel-photo">
      <span className="field__label" id={labelId}>
        {t('channels.form.photo')}
      </span>
      <p className="channels__note" data-testid="channel-photo-state">
        {picked
          ? t('channels.form.photoPicked', { name: picked.name })
          : fileId
            ? t('channels.form.photoSet')
            : t('channels.form.photoNone')}
      </p>
      <input
        ref={input}
        type="file"
        accept="image/jpeg"
        data-testid="channel-photo-input"
        aria-labelledby={labelId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const photo = {
            id: newId(),
            blob: file,
            name: file.name,
            type: file.type,
            size: file.size,
          };
          onPick(photo, photoPickProblem(photo));
        }}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
