import type { ReactNode } from 'react';
import { useI18n } from '../../ui/i18n';
import { SectionFrame } from '../../ui/SectionFrame';

/** /admin/options: where a guard sends a user whose tariff lacks the option a screen needs (spec §6). */
export function OptionsMissingPage(): ReactNode {
  const { t } = useI18n();
  return (
    <SectionFrame title={t('section.options')}>
      <p>{t('options.missing')}</p>
      <p>{t('options.hint')}</p>
    </SectionFrame>
  );
}
