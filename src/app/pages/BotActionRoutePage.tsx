import { useCallback, type ReactNode } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { BotActionPage } from '../../features/public/BotActionPage';

const botActionApi = getRouteApi('/bot-action/$uuid');

/** `/bot-action/{uuid}`: a chat bot's once-usable page; a used one ends on /already-used. */
export function BotActionRoutePage(): ReactNode {
  const { uuid } = botActionApi.useParams();
  const navigate = useNavigate();
  const onDone = useCallback(
    (outcome: 'used' | 'missing') => {
      void navigate({ to: outcome === 'used' ? '/already-used' : '/not-found', replace: true });
    },
    [navigate],
  );
  return <BotActionPage uuid={uuid} onDone={onDone} />;
}
