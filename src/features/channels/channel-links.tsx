import type { ReactNode } from 'react';
import { useI18n } from '../../ui/i18n';
import { isPlainClick } from '../../ui/plain-click';
import type { PageType } from './channel-list';

/** A channel page the screens link to (spec §2 routes); the app turns it into an address. */
export type ChannelPlace =
  | { page: 'all' }
  | { page: 'list'; type: PageType }
  | { page: 'create'; type: PageType }
  | { page: 'edit'; type: PageType; id: string };

/** How the screens reach other channel pages without knowing the router. */
export type ChannelLinks = {
  href: (place: ChannelPlace) => string;
  open: (place: ChannelPlace) => void;
};

/** A link to a channel page: a real address (new tab works), opened in place on a plain click. */
export function ChannelLink({
  links,
  to,
  className = 'button button--link',
  testId,
  children,
}: {
  links: ChannelLinks;
  to: ChannelPlace;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={links.href(to)}
      data-testid={testId}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        links.open(to);
      }}
    >
      {children}
    </a>
  );
}

/** The Connect button of a channel type: its create page (wizard), from the lists. */
export function ConnectLink({ links, type }: { links: ChannelLinks; type: PageType }) {
  const { t } = useI18n();
  return (
    <ChannelLink
      links={links}
      to={{ page: 'create', type }}
      className="button button--primary"
      testId="channel-connect"
    >
      {t('channels.connect')}
    </ChannelLink>
  );
}
