import { useI18n, type MessageKey } from '../../ui/i18n';
import { SectionFrame } from '../../ui/SectionFrame';

/**
 * A screen that a later issue fills: its frame and translated title only, so routing, guards
 * and titles are complete without showing anything made up.
 */
export function sectionPage(title: MessageKey) {
  return function SectionPage() {
    const { t } = useI18n();
    return <SectionFrame title={t(title)} />;
  };
}
