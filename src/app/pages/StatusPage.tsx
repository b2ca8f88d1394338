import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PLATFORM_NAME } from '../../protocol';
import { useI18n, type MessageKey } from '../../ui/i18n';
import { usePageTitle } from '../../ui/page-title';

/** A public page with one message: the status pages and result pages of spec §2. */
export function StatusPage({
  title,
  text,
  action,
}: {
  title?: MessageKey;
  text: MessageKey;
  action?: ReactNode;
}): ReactNode {
  const { t } = useI18n();
  usePageTitle(title ? t(title) : undefined);
  return (
    <main className="status-page">
      <p className="status-page__brand">{PLATFORM_NAME}</p>
      {title ? <h1 className="status-page__title">{t(title)}</h1> : null}
      <p className="status-page__text">{t(text)}</p>
      {action ?? (
        <Link className="button" to="/">
          {t('status.toStart')}
        </Link>
      )}
    </main>
  );
}
