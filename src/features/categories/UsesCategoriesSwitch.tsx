import { useState } from 'react';
import type { Organization } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { problemText, refusalPlace } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';
import { switchState, type AskedSwitch } from '../../store/asked-setting';

/**
 * "Categories required when closing a chat" (`organization.setUsesCategories`). The browser does
 * not predict this command (the close rule is the server's), so the switch shows the value asked
 * for, disabled and "saving", until the server's event reaches the local store; a refusal puts it
 * back with the reason.
 */
export function UsesCategoriesSwitch({
  organization,
  disabled,
}: {
  organization: Organization | undefined;
  disabled: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const [asked, setAsked] = useState<AskedSwitch | null>(null);
  const save = useCommandSubmit(() => {
    toast(t(asked?.value ? 'categories.required.on' : 'categories.required.off'));
  });
  const { outcome } = save;
  const { checked, waiting, refused } = switchState(
    asked,
    outcome,
    organization?.usesCategories ?? false,
  );
  const refusal =
    refused && outcome.state === 'rejected' ? refusalPlace(outcome.error, []).problem : null;
  return (
    <div className="categories__required" data-testid="categories-required">
      <CheckboxField
        role="switch"
        label={t('categories.required.label')}
        hint={t('categories.required.hint')}
        checked={checked}
        disabled={disabled || waiting || !organization}
        aria-busy={waiting}
        data-testid="categories-required-switch"
        onChecked={(next) => {
          setAsked({ value: next, after: outcome.state === 'idle' ? null : outcome.id });
          void save.submit({
            type: 'organization.setUsesCategories',
            payload: { usesCategories: next },
          });
        }}
      />
      {waiting ? (
        <p className="form-status" role="status" data-testid="categories-required-waiting">
          {t('categories.required.waiting')}
        </p>
      ) : refusal ? (
        <p className="form-failure" role="alert" data-testid="categories-required-error">
          {problemText(refusal, i18n)}
        </p>
      ) : null}
    </div>
  );
}
