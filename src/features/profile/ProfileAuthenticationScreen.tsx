import { SectionFrame } from '../../ui/SectionFrame';
import { useI18n } from '../../ui/i18n';
import { PushSection } from './PushSection';
import { TwoFactorSection } from './TwoFactorSection';
import './profile.css';

/** Profile, Authentication (spec §2 `/admin/profile/authentication`): two-factor and push notifications. */
export function ProfileAuthenticationScreen({ userId }: { userId: string }) {
  const { t } = useI18n();
  return (
    <SectionFrame title={t('section.profile.authentication')}>
      <div className="profile">
        <TwoFactorSection userId={userId} />
        <PushSection key={userId} userId={userId} />
      </div>
    </SectionFrame>
  );
}
