import { useState } from 'react';
import type { Attachment } from '../../protocol';
import { useI18n } from '../../ui/i18n';
import { Icon } from '../../ui/Icon';
import type { FileLoadError } from '../../store/file-fetch';
import { fileSize } from './message-view';
import { downloadFile, useFileSource, useFileUrl } from './use-file-url';

const FAILURE_TEXT = {
  FILE_NOT_FOUND: 'file.notFound',
  UNAUTHORIZED: 'file.unauthorized',
  UNAVAILABLE: 'file.unavailable',
} as const satisfies Record<FileLoadError, string>;

/** A message's file: a picture as a thumbnail that opens full size, anything else as a download. */
export function AttachmentView({ attachment }: { attachment: Attachment }) {
  return attachment.type.startsWith('image/') ? (
    <ImageThumbnail attachment={attachment} />
  ) : (
    <FileLink attachment={attachment} />
  );
}

function ImageThumbnail({ attachment }: { attachment: Attachment }) {
  const { t } = useI18n();
  const file = useFileUrl(attachment.id);
  if (file.state === 'ready') {
    return (
      <a
        className="attachment attachment--image"
        href={file.url}
        target="_blank"
        rel="noopener noreferrer"
        title={attachment.name}
        data-testid="attachment-image"
      >
        <img className="attachment__thumb" src={file.url} alt={attachment.name} />
      </a>
    );
  }
  return (
    <span className="attachment attachment--placeholder" data-testid="attachment-image">
      <span className="attachment__name">{attachment.name}</span>
      <span className="attachment__note">
        {file.state === 'loading' ? t('common.loading') : t(FAILURE_TEXT[file.error])}
      </span>
    </span>
  );
}

export function FileLink({ attachment }: { attachment: Attachment }) {
  const { t, intl } = useI18n();
  const source = useFileSource();
  const [state, setState] = useState<'idle' | 'loading' | FileLoadError>('idle');
  const size = fileSize(intl, attachment.size);
  return (
    <span className="attachment attachment--file">
      <button
        className="button button--link attachment__link"
        type="button"
        data-testid="attachment-file"
        disabled={state === 'loading'}
        onClick={() => {
          setState('loading');
          void downloadFile(attachment.id, attachment.name, source).then((error) => {
            setState(error ?? 'idle');
          });
        }}
      >
        <Icon name="paperclip" size={14} /> {attachment.name}
      </button>
      <span className="attachment__note">
        {size}
        {state === 'idle' || state === 'loading' ? '' : ` · ${t(FAILURE_TEXT[state])}`}
      </span>
    </span>
  );
}
