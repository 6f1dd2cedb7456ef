import { useWatch, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/field';
import { ROLES, type Role } from '@/lib/permissions';

/** The role select of the team's forms; under it, what the chosen role may do. */
export function RoleField<V extends FieldValues>({ name }: { name: Path<V> }) {
  const { t } = useTranslation();
  const chosen = useWatch<V>({ name }) as Role | undefined;
  return (
    <SelectField<V>
      name={name}
      label={t('team.fields.role')}
      options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}.name`) }))}
      hint={chosen ? t(`roles.${chosen}.description`) : undefined}
    />
  );
}

/** Every role in one sentence, behind a disclosure at the top of the team page. */
export function RolesHelp() {
  const { t } = useTranslation();
  return (
    <details className="roles-help">
      <summary>{t('team.rolesHelp')}</summary>
      <dl className="roles-help__list">
        {ROLES.map((role) => (
          <div key={role} className="roles-help__item">
            <dt>{t(`roles.${role}.name`)}</dt>
            <dd>{t(`roles.${role}.description`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** A role's name; a role this admin does not know yet (a newer server) shows as sent. */
export function RoleName({ role }: { role?: string }) {
  const { t } = useTranslation();
  if (!role) return <>—</>;
  return <>{(ROLES as readonly string[]).includes(role) ? t(`roles.${role as Role}.name`) : role}</>;
}
