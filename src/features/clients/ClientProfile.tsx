import { useMemo } from 'react';
import { useI18n } from '../../ui/i18n';
import { isPlainClick } from '../../ui/plain-click';
import { ProfileComments } from './ProfileComments';
import { ProfileCompanies } from './ProfileCompanies';
import { ProfileContacts } from './ProfileContacts';
import { ProfileFields } from './ProfileFields';
import { ProfileName, ProfileSpam, ProfileStatusAndManager } from './ProfileSettings';
import { ProfileTags } from './ProfileTags';
import { useProfileData } from './queries';
import './clients.css';

/** An address the app owns, and how to open it in place (the feature knows no routes). */
export type AppLink = { href: string; open: () => void };

/**
 * Why the profile is read-only, if it is: the user's role lacks AUTHORITY_PROFILE_UPDATE, or the
 * organization's plan lacks OPTION_CLIENT_PROFILE (spec §1, §6). The app decides from the session.
 */
export type ProfileAccess = 'edit' | 'noRight' | 'noOption';

export function AppAnchor({
  link,
  testId,
  children,
}: {
  link: AppLink;
  testId: string;
  children: string;
}) {
  return (
    <a
      href={link.href}
      data-testid={testId}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        link.open();
      }}
    >
      {children}
    </a>
  );
}

/**
 * The client profile (spec §1, §3): name, contacts, tags, comments, additional fields,
 * companies, status, personal manager, spam flag and merged contacts. Everything is read from the
 * local store; every edit is a command through the outbox, shown at once and offline.
 */
export function ClientProfile({
  clientId,
  viewerId,
  access,
  customStatuses,
  mergeLink,
  fullViewLink,
}: {
  clientId: string;
  viewerId: string;
  access: ProfileAccess;
  /** The plan has the client-statuses pack: the organization's own statuses may be given. */
  customStatuses: boolean;
  mergeLink: AppLink;
  /** The full view's link, shown where the profile is a panel. */
  fullViewLink?: AppLink | undefined;
}) {
  const { t } = useI18n();
  const data = useProfileData(clientId);
  const users = useMemo(
    () => new Map((data?.users ?? []).map((user) => [user.id, user])),
    [data?.users],
  );
  if (data === undefined) return <p className="panel__state">{t('common.loading')}</p>;
  const { client } = data;
  if (client === null)
    return (
      <p className="panel__state" data-testid="profile-missing">
        {t('clients.missing')}
      </p>
    );
  const editable = access === 'edit';
  return (
    <div className="profile" data-testid="client-profile" data-client-id={client.id}>
      {access === 'noRight' ? <p className="profile__note">{t('clients.readOnly')}</p> : null}
      {access === 'noOption' ? (
        <p className="profile__note">{t('clients.readOnlyOption')}</p>
      ) : null}
      <ProfileName client={client} editable={editable} />
      {fullViewLink ? (
        <p>
          <AppAnchor link={fullViewLink} testId="profile-full-view">
            {t('clients.fullView')}
          </AppAnchor>
        </p>
      ) : null}
      <ProfileStatusAndManager
        client={client}
        statuses={data.statuses}
        offerCustom={customStatuses}
        users={data.users}
        editable={editable}
      />
      <ProfileContacts
        client={client}
        contacts={data.contacts}
        channels={data.channels}
        editable={editable}
      />
      <ProfileTags client={client} editable={editable} />
      <ProfileFields client={client} editable={editable} />
      <ProfileCompanies client={client} companies={data.companies} editable={editable} />
      <ProfileComments
        client={client}
        comments={data.comments}
        users={users}
        viewerId={viewerId}
        editable={editable}
      />
      <section
        className="profile__section"
        aria-labelledby="profile-merged"
        data-testid="profile-merged"
      >
        <h3 id="profile-merged" className="profile__title">
          {t('clients.merged')}
        </h3>
        {data.merges.length === 0 ? (
          <p className="profile__empty">{t('clients.merged.none')}</p>
        ) : (
          <ul>
            {data.merges.map((merge) => (
              <li key={merge.id} data-testid="profile-merged-name">
                {merge.name}
              </li>
            ))}
          </ul>
        )}
        {editable ? (
          <AppAnchor link={mergeLink} testId="profile-merge">
            {t('clients.merge')}
          </AppAnchor>
        ) : null}
      </section>
      <ProfileSpam client={client} editable={editable} />
    </div>
  );
}
