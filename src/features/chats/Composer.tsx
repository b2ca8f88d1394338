import { useId, useLayoutEffect, useRef, useState } from 'react';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_MESSAGE,
  LIMITS,
} from '../../protocol';
import { useI18n } from '../../ui/i18n';
import type { ChatCommands } from './commands';
import {
  checkFiles,
  forgetSentDraft,
  insertAtCaret,
  readDraft,
  sendCheck,
  sendsOnKey,
  writeDraft,
  type DraftStorage,
  type FileProblem,
} from './composer-logic';
import { Icon } from '../../ui/Icon';
import { EmojiPicker } from './EmojiPicker';
import { fileSize } from './message-view';
import type { PlaceholderValues } from '../../protocol';
import { TemplatePicker } from './TemplatePicker';

// localStorage can be missing or refuse access (private modes); drafts then live only in memory.
const draftStorage = (): DraftStorage | null => {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
};
const NO_STORAGE: DraftStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/**
 * The reply box: Enter sends, Shift+Enter breaks the line; an internal-note switch; emoji, reply
 * templates and files. The draft is kept per chat. Render it keyed by chat id.
 */
export function Composer({
  chatId,
  canReply,
  templateTeamIds,
  placeholderValues,
  commands,
  onSent,
  onFailure,
}: {
  chatId: string;
  /** False when only internal notes can be written (closed chat, a colleague's chat). */
  canReply: boolean;
  /** The viewer's teams: the templates offered are those open to them. */
  templateTeamIds: readonly string[];
  /** The customer's and the viewer's names, which fill the templates' placeholders. */
  placeholderValues: PlaceholderValues;
  commands: ChatCommands;
  onSent: () => void;
  onFailure: (error: unknown) => void;
}) {
  const { t, error, intl } = useI18n();
  const id = useId();
  const storage = draftStorage() ?? NO_STORAGE;
  const [text, setText] = useState(() => readDraft(storage, chatId));
  const [internalChosen, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<FileProblem[]>([]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const caretAfterInsert = useRef<number | null>(null);
  const internal = internalChosen || !canReply;
  const check = sendCheck(text, files.length);

  useLayoutEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null || !textarea.current) return;
    caretAfterInsert.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(caret, caret);
  }, [text]);

  const changeText = (next: string) => {
    setText(next);
    writeDraft(storage, chatId, next);
  };

  const insert = (piece: string) => {
    const box = textarea.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const result = insertAtCaret(text, start, end, piece);
    caretAfterInsert.current = result.caret;
    changeText(result.text);
  };

  const send = () => {
    if (check !== 'ok') return;
    const sending = { text, files, internal };
    // The screen answers at once: the box empties, and the message shows (sent-echoes.ts). The
    // stored draft keeps the words until the outbox write has committed, so a reload or crash in
    // between gives them back in the box instead of losing them.
    setText('');
    setFiles([]);
    setRefused([]);
    onSent();
    const attached = sending.files.map((file) => ({
      blob: file,
      name: file.name,
      type: file.type,
    }));
    commands.send(chatId, sending.text, sending.internal, attached).then(
      () => {
        forgetSentDraft(storage, chatId, sending.text);
      },
      (failure: unknown) => {
        // Not even stored locally (storage full): give the words back rather than lose them.
        changeText(sending.text);
        setFiles(sending.files);
        onFailure(failure);
      },
    );
  };

  const sizeLimit = fileSize(intl, ATTACHMENT_MAX_BYTES);

  return (
    <div className={`composer${internal ? ' composer--internal' : ''}`}>
      {!canReply ? <p className="composer__hint">{t('composer.notesOnly')}</p> : null}
      {files.length > 0 ? (
        <ul className="composer__files" aria-label={t('composer.attached')}>
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="composer__file"
              data-testid="composer-file"
            >
              <Icon name="paperclip" size={14} />
              <span>{file.name}</span>
              <span className="composer__file-size">{fileSize(intl, file.size)}</span>
              <button
                className="button button--icon"
                type="button"
                aria-label={t('composer.removeFile', { name: file.name })}
                onClick={() => {
                  setFiles(files.filter((_, i) => i !== index));
                }}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length > 0 ? (
        <ul className="composer__problems" role="alert" data-testid="file-problems">
          {refused.map((problem, index) => (
            <li key={`${problem.name}-${index}`} data-problem={problem.problem}>
              {problem.name}:{' '}
              {problem.problem === 'TOO_MANY_FILES'
                ? t('composer.tooManyFiles', { max: ATTACHMENTS_PER_MESSAGE })
                : error(problem.problem, { max: intl.formatNumber(ATTACHMENT_MAX_BYTES) })}
            </li>
          ))}
        </ul>
      ) : null}
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {t(internal ? 'composer.notePlaceholder' : 'composer.placeholder')}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textarea}
        className="composer__text"
        data-testid="composer"
        rows={2}
        value={text}
        placeholder={t(internal ? 'composer.notePlaceholder' : 'composer.placeholder')}
        onChange={(event) => {
          changeText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (!sendsOnKey(event.key, event.shiftKey, event.nativeEvent.isComposing)) return;
          event.preventDefault();
          send();
        }}
      />
      {check === 'too-long' ? (
        <p className="field__error" role="alert">
          {t('composer.tooLong', { max: intl.formatNumber(LIMITS.messageTextMax) })}
        </p>
      ) : null}
      <div className="composer__tools">
        <label className="switch" title={canReply ? undefined : t('composer.notesOnly')}>
          <input
            type="checkbox"
            role="switch"
            data-testid="internal-switch"
            checked={internal}
            disabled={!canReply}
            onChange={(event) => {
              setInternal(event.target.checked);
            }}
          />
          <span className="switch__track" aria-hidden="true" />
          {t('composer.internal')}
        </label>
        <EmojiPicker onPick={insert} />
        <TemplatePicker teamIds={templateTeamIds} values={placeholderValues} onPick={insert} />
        <button
          className="button button--icon"
          type="button"
          aria-label={t('composer.attach', { max: sizeLimit })}
          title={t('composer.attach', { max: sizeLimit })}
          data-testid="attach-button"
          onClick={() => fileInput.current?.click()}
        >
          <Icon name="paperclip" />
        </button>
        <input
          ref={fileInput}
          className="visually-hidden"
          type="file"
          multiple
          accept={ATTACHMENT_TYPES.join(',')}
          data-testid="attach-input"
          tabIndex={-1}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = ''; // choosing the same file again is a new choice
            const { accepted, refused: problems } = checkFiles(chosen, files.length);
            setFiles([...files, ...accepted]);
            setRefused(problems);
          }}
        />
        <button
          className="button button--primary composer__send"
          type="button"
          data-testid="send"
          disabled={check !== 'ok'}
          onClick={send}
        >
          {t(internal ? 'composer.sendNote' : 'composer.send')}
        </button>
      </div>
    </div>
  );
}
