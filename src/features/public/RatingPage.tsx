import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../../ui/i18n';
import { RATING_SCALE, loadRatingLink, sendRating, type RatingLinkState } from './rating-link';

/**
 * `/link-action/{uuid}`: the customer rates the service once (spec §4). Rated → `onDone('success')`;
 * already used → `onDone('used')`; an unknown link → `onDone('missing')`.
 */
export function RatingPage({
  uuid,
  onDone,
}: {
  uuid: string;
  onDone: (outcome: 'success' | 'used' | 'missing') => void;
}): ReactNode {
  const { t, error } = useI18n();
  const [state, setState] = useState<RatingLinkState>({ kind: 'loading' });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loadRatingLink(uuid).then((loaded) => {
      if (!live) return;
      if (loaded.kind === 'used') onDone('used');
      else if (loaded.kind === 'missing') onDone('missing');
      else setState(loaded);
    });
    return () => {
      live = false;
    };
  }, [uuid, onDone]);

  const rate = async (rating: number) => {
    setSending(true);
    setFailure(null);
    const outcome = await sendRating(uuid, rating);
    setSending(false);
    if (outcome === 'rated') onDone('success');
    else if (outcome === 'used') onDone('used');
    else if (outcome === 'unreachable') setFailure(t('rating.unreachable'));
    else setFailure(error(outcome.error.name, outcome.error.params));
  };

  if (state.kind === 'loading') return <main className="status-page" aria-busy="true" />;
  if (state.kind === 'unreachable') {
    return (
      <main className="status-page">
        <p role="alert">{t('rating.unreachable')}</p>
      </main>
    );
  }
  return (
    <main className="status-page rating-page">
      <h1>{t('rating.title')}</h1>
      {state.kind === 'open' ? (
        <p>{t('rating.prompt', { organization: state.organization })}</p>
      ) : null}
      <div className="rating-page__scale" role="group" aria-label={t('rating.title')}>
        {RATING_SCALE.map((step) => (
          <button
            key={step.value}
            type="button"
            className="button rating-page__step"
            data-testid={`rate-${step.value}`}
            disabled={sending}
            onClick={() => {
              void rate(step.value);
            }}
          >
            <span className="rating-page__value">{step.value}</span>
            <span className="rating-page__label">{t(`rating.${step.name}`)}</span>
          </button>
        ))}
      </div>
      {failure ? <p role="alert">{failure}</p> : null}
    </main>
  );
}
