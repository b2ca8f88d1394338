import { useId, useState } from 'react';
import { useI18n } from '../../ui/i18n';
import { Icon } from '../../ui/Icon';
import { Popover } from '../../ui/Popover';
import { fillPlaceholders, type PlaceholderValues } from '../../protocol';
import { useTemplates } from './queries';
import { templateGroups } from './template-choice';

/**
 * Reply templates open to the viewer's teams. Each shows the text as this chat's customer will
 * read it, placeholders filled; that filled text goes to the caret.
 */
export function TemplatePicker({
  teamIds,
  values,
  onPick,
}: {
  teamIds: readonly string[];
  values: PlaceholderValues;
  onPick: (text: string) => void;
}) {
  const { t } = useI18n();
  return (
    <Popover
      label={t('composer.templates')}
      buttonContent={<Icon name="template" />}
      buttonTestId="templates-button"
      className="popover--wide"
    >
      {(close) => (
        <TemplateList
          teamIds={teamIds}
          values={values}
          onPick={(text) => {
            onPick(text);
            close();
          }}
        />
      )}
    </Popover>
  );
}

function TemplateList({
  teamIds,
  values,
  onPick,
}: {
  teamIds: readonly string[];
  values: PlaceholderValues;
  onPick: (text: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [query, setQuery] = useState('');
  const all = useTemplates();
  if (!all) return <p className="templates__state">{t('common.loading')}</p>;
  const groups = templateGroups(all.templates, all.categories, teamIds, query);
  return (
    <div className="templates" data-testid="template-picker">
      <label className="visually-hidden" htmlFor={id}>
        {t('composer.templateSearch')}
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        placeholder={t('composer.templateSearch')}
        value={query}
        // The list opens to be searched at once.
        autoFocus
        onChange={(event) => {
          setQuery(event.target.value);
        }}
      />
      {groups.length === 0 ? (
        <p className="templates__state">{t('composer.noTemplates')}</p>
      ) : (
        <div className="templates__groups">
          {groups.map((group) => (
            <section key={group.category?.id ?? 'none'} className="templates__group">
              <h3 className="templates__category">
                {group.category?.name ?? t('composer.templatesOther')}
              </h3>
              {group.templates.map((template) => {
                const filled = fillPlaceholders(template.text, values);
                return (
                  <button
                    key={template.id}
                    className="templates__item"
                    type="button"
                    data-testid="template"
                    onClick={() => {
                      onPick(filled);
                    }}
                  >
                    <span className="templates__title">{template.title}</span>
                    <span className="templates__text">{filled}</span>
                  </button>
                );
              })}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
