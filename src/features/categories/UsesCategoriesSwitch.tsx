import { useRef } from 'react';
import type { Organization } from '../../protocol';
import { useCommandSubmit } from '../../store/hooks';
import { useToast } from '../../ui/Toasts';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { problemText, refusalPlace } from '../../ui/forms/field-problems';
import { useI18n } from '../../ui/i18n';

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
  const asked = useRef(false);
  const save = useCommandSubmit(() => {
    toast(t(asked.current ? 'categories.required.on' : 'categories.required.off'));
  });
  const waiting = save.outcome.state === 'waiting';
  const stored = organization?.usesCategories ?? false;
  const refusal =
    save.outcome.state === 'rejected' ? refusalPlace(save.outcome.error, []).problem : null;
  return (
    <div className="categories__required" data-testid="categories-required">
      <CheckboxField
        role="switch"
        label={t('categories.required.label')}
        hint={t('categories.required.hint')}
        checked={waiting ? asked.current : stored}
        disabled={disabled || waiting || !organization}
        aria-busy={waiting}
        data-testid="categories-required-switch"
        onChecked={(checked) => {
          asked.current = checked;
          void save.submit({
            type: 'organization.setUsesCategories',
            payload: { usesCategories: checked },
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
