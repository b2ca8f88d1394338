import { SearchParamError, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useI18n } from '../../ui/i18n';
import { StatusPage } from './StatusPage';

export const NotFoundPage = () => <StatusPage title="title.404" text="status.notFound" />;
export const NoRightsPage = () => <StatusPage title="title.403" text="status.noRights" />;
export const ServiceUnavailablePage = () => (
  <StatusPage title="title.5xx" text="status.serviceUnavailable" />
);
export const UnknownErrorPage = () => <StatusPage title="title.error" text="status.unknownError" />;
export const SuccessPage = () => <StatusPage text="result.success" />;
export const AlreadyUsedPage = () => <StatusPage text="result.alreadyUsed" />;

/**
 * What a route that failed shows. An address whose search does not pass its route's schema (a
 * malformed `?id=`, routes/address-ids.ts) names no page: the not-found page, as for an unknown
 * path. Anything else is the unknown-error page, with the cause in the console only.
 */
export function RouteErrorPage(props: ErrorComponentProps): ReactNode {
  return props.error instanceof SearchParamError ? (
    <NotFoundPage />
  ) : (
    <UnknownRouteError {...props} />
  );
}

function UnknownRouteError({ error }: ErrorComponentProps): ReactNode {
  const { t } = useI18n();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage
      title="title.error"
      text="status.unknownError"
      action={
        <button
          className="button"
          type="button"
          onClick={() => {
            location.reload();
          }}
        >
          {t('status.reload')}
        </button>
      }
    />
  );
}
