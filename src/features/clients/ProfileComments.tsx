import { useState } from 'react';
import { LIMITS, newId, type Client, type ClientComment, type User } from '../../protocol';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { useI18n } from '../../ui/i18n';
import { checkComment, type ProfileProblem } from './profile-checks';
import { canDeleteComment, commentsNewestFirst } from './profile-view';
import { useProblemText, useProfileCommand } from './use-profile-command';

/** Comments on the profile with their author and time; one's own can be deleted. */
export function ProfileComments({
  client,
  comments,
  users,
  viewerId,
  editable,
}: {
  client: Client;
  comments: readonly ClientComment[];
  users: ReadonlyMap<string, User>;
  viewerId: string;
  editable: boolean;
}) {
  const { t, intl } = useI18n();
  const command = useProfileCommand();
  const problemText = useProblemText();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const error = problem ? problemText(problem) : (command.refusal ?? undefined);
  const shown = commentsNewestFirst(comments);
  return (
    <section
      className="profile__section"
      aria-labelledby="profile-comments"
      data-testid="profile-comments"
    >
      <h3 id="profile-comments" className="profile__title">
        {t('clients.comments')}
      </h3>
      {editable ? (
        <form
          className="profile__add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = checkComment(client.id, newId(), draft);
            if (!checked.ok) {
              setProblem(checked.problem);
              return;
            }
            setProblem(null);
            setDraft('');
            void command.send(
              { type: 'client.addComment', payload: checked.payload },
              'clients.comments.added',
            );
          }}
        >
          <TextAreaField
            label={t('clients.comments.new')}
            name="comment"
            rows={2}
            value={draft}
            maxLength={LIMITS.clientCommentMax}
            error={error}
            data-testid="profile-comment-input"
            onValue={(value) => {
              setDraft(value);
              setProblem(null);
              if (command.refusal) void command.dismiss();
            }}
          />
          <button className="button" type="submit" data-testid="profile-comment-add">
            {t('clients.add')}
          </button>
        </form>
      ) : null}
      {shown.length === 0 ? (
        <p className="profile__empty">{t('clients.comments.empty')}</p>
      ) : (
        <ul className="profile__comments">
          {shown.map((comment) => (
            <li key={comment.id} className="profile__comment" data-testid="profile-comment">
              <p className="profile__comment-meta">
                <span>
                  {(comment.authorId && users.get(comment.authorId)?.name) ||
                    t('clients.comments.unknownAuthor')}
                </span>{' '}
                <time dateTime={comment.createdAt}>
                  {intl.formatDate(new Date(comment.createdAt), {
                    day: 'numeric',
                    month: 'short',
                    year: 'numeric',
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </time>
              </p>
              <p className="profile__comment-text">{comment.text}</p>
              {editable && canDeleteComment(comment, viewerId) ? (
                <button
                  className="button button--link"
                  type="button"
                  data-testid="profile-comment-delete"
                  onClick={() => {
                    void command.send(
                      { type: 'client.deleteComment', payload: { commentId: comment.id } },
                      'clients.comments.deleted',
                    );
                  }}
                >
                  {t('clients.comments.delete')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
