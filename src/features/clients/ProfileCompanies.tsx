import { useState } from 'react';
import { LIMITS, newId, type Client, type Company } from '../../protocol';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useI18n } from '../../ui/i18n';
import { checkCompany, type ProfileProblem } from './profile-checks';
import { companySides } from './profile-view';
import { useProblemText, useProfileCommand } from './use-profile-command';

/**
 * The client's companies: link one the organization has, or create one (with its CRM id when
 * there is one) linked at once; unlink.
 */
export function ProfileCompanies({
  client,
  companies,
  editable,
}: {
  client: Client;
  companies: readonly Company[];
  editable: boolean;
}) {
  const { t } = useI18n();
  const command = useProfileCommand();
  const problemText = useProblemText();
  const [picked, setPicked] = useState('');
  const [name, setName] = useState('');
  const [outerId, setOuterId] = useState('');
  const [problem, setProblem] = useState<{ field: string; problem: ProfileProblem } | null>(null);
  const [target, setTarget] = useState<'link' | 'name' | 'outerId'>('link');
  const { linked, others, missing } = companySides(client, companies);
  const errorAt = (field: 'link' | 'name' | 'outerId'): string | undefined => {
    if (problem?.field === field) return problemText(problem.problem);
    if (!command.refusal) return undefined;
    // A taken CRM id belongs at its box, whatever the last command was.
    const at =
      command.outcome.state === 'rejected' && command.outcome.error?.name === 'OUTER_COMPANY_EXISTS'
        ? 'outerId'
        : target;
    return at === field ? command.refusal : undefined;
  };
  const typed = () => {
    setProblem(null);
    if (command.refusal) void command.dismiss();
  };
  return (
    <section
      className="profile__section"
      aria-labelledby="profile-companies"
      data-testid="profile-companies"
    >
      <h3 id="profile-companies" className="profile__title">
        {t('clients.companies')}
      </h3>
      {linked.length + missing === 0 ? (
        <p className="profile__empty">{t('clients.none')}</p>
      ) : (
        <ul className="profile__companies">
          {linked.map((company) => (
            <li key={company.id} data-testid="profile-company">
              <span>{company.name}</span>
              {company.outerId ? (
                <span className="profile__muted"> · {company.outerId}</span>
              ) : null}{' '}
              {editable ? (
                <button
                  className="button button--link"
                  type="button"
                  data-testid="profile-company-unlink"
                  onClick={() => {
                    setTarget('link');
                    void command.send(
                      {
                        type: 'client.unlinkCompany',
                        payload: { clientId: client.id, companyId: company.id },
                      },
                      'clients.companies.unlinked',
                    );
                  }}
                >
                  {t('clients.remove')}
                </button>
              ) : null}
            </li>
          ))}
          {missing > 0 ? (
            <li className="profile__muted">{t('clients.companies.unknown')}</li>
          ) : null}
        </ul>
      )}
      {editable && others.length > 0 ? (
        <form
          className="profile__add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!picked) {
              setProblem({ field: 'link', problem: { kind: 'required' } });
              return;
            }
            setProblem(null);
            setPicked('');
            setTarget('link');
            void command.send(
              { type: 'client.linkCompany', payload: { clientId: client.id, companyId: picked } },
              'clients.companies.linked',
            );
          }}
        >
          <SelectField
            label={t('clients.companies.link')}
            name="company"
            value={picked}
            options={[
              { value: '', label: t('clients.companies.pick') },
              ...others.map((company) => ({ value: company.id, label: company.name })),
            ]}
            error={errorAt('link')}
            data-testid="profile-company-pick"
            onValue={(value) => {
              setPicked(value);
              typed();
            }}
          />
          <button className="button" type="submit" data-testid="profile-company-link">
            {t('clients.add')}
          </button>
        </form>
      ) : null}
      {editable ? (
        <form
          className="profile__add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = checkCompany(client.id, newId(), name, outerId, companies);
            if (!checked.ok) {
              setProblem({ field: checked.field, problem: checked.problem });
              return;
            }
            setProblem(null);
            setName('');
            setOuterId('');
            setTarget('name');
            void command.send(
              { type: 'company.create', payload: checked.payload },
              'clients.companies.created',
            );
          }}
        >
          <TextField
            label={t('clients.companies.name')}
            name="companyName"
            value={name}
            maxLength={LIMITS.companyNameMax}
            error={errorAt('name')}
            data-testid="profile-company-name-input"
            onValue={(value) => {
              setName(value);
              typed();
            }}
          />
          <TextField
            label={t('clients.companies.outerId')}
            name="companyOuterId"
            value={outerId}
            maxLength={LIMITS.outerIdMax}
            error={errorAt('outerId')}
            data-testid="profile-company-outer-input"
            onValue={(value) => {
              setOuterId(value);
              typed();
            }}
          />
          <button className="button" type="submit" data-testid="profile-company-create">
            {t('clients.companies.create')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
