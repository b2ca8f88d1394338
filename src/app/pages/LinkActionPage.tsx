import { useCallback, type ReactNode } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { RatingPage } from '../../features/public/RatingPage';

const linkActionApi = getRouteApi('/link-action/$uuid');

/** `/link-action/{uuid}`: the customer's one-time rating page; then /success or /already-used. */
export function LinkActionPage(): ReactNode {
  const { uuid } = linkActionApi.useParams();
  const navigate = useNavigate();
  const onDone = useCallback(
    (outcome: 'success' | 'used' | 'missing') => {
      const to =
        outcome === 'success' ? '/success' : outcome === 'used' ? '/already-used' : '/not-found';
      void navigate({ to, replace: true });
    },
    [navigate],
  );
  return <RatingPage uuid={uuid} onDone={onDone} />;
}
