import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../../ui/i18n';
import { openBotAction, type BotActionState } from './bot-action';

/** Leaves the page for an address; one function, so the redirect's timer is set once. */
const leaveFor = (url: string): void => {
  window.location.assign(url);
};

/**
 * `/bot-action/{uuid}` (spec §2): a chat bot's link button — thanks for the answer, then on to its
 * address — or the page saying the customer reached the bot's message limit. A link already used
 * → `onDone('used')`; an unknown page → `onDone('missing')`.
 */
export function BotActionPage({
  uuid,
  onDone,
  go = leaveFor,
}: {
  uuid: string;
  onDone: (outcome: 'used' | 'missing') => void;
  /** Leaves for the link's address (replaced in tests). */
  go?: (url: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const [state, setState] = useState<BotActionState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    void openBotAction(uuid).then((opened) => {
      if (!live) return;
      if (opened.kind === 'used' || opened.kind === 'missing') onDone(opened.kind);
      else setState(opened);
    });
    return () => {
      live = false;
    };
  }, [uuid, onDone]);

  // The thanks is shown for a moment, then the customer goes on to where the button pointed.
  const target = state.kind === 'link' ? state.url : null;
  useEffect(() => {
    if (target === null) return;
    const timer = setTimeout(() => {
      go(target);
    }, 1500);
    return () => {
      clearTimeout(timer);
    };
  }, [target, go]);

  if (state.kind === 'loading') return <main className="status-page" aria-busy="true" />;
  if (state.kind === 'unreachable')
    return (
      <main className="status-page">
        <p role="alert">{t('rating.unreachable')}</p>
      </main>
    );
  if (state.kind === 'limit')
    return (
      <main className="status-page" data-testid="bot-limit">
        <h1>{t('botAction.limitTitle')}</h1>
        <p>{t('botAction.limitText', { organization: state.organization })}</p>
      </main>
    );
  if (state.kind !== 'link') return null;
  return (
    <main className="status-page" data-testid="bot-thanks">
      <h1>{t('botAction.thanks')}</h1>
      {state.url === null ? null : (
        <p>
          <a href={state.url} rel="noopener noreferrer">
            {t('botAction.continue', { name: state.name })}
          </a>
        </p>
      )}
    </main>
  );
}
