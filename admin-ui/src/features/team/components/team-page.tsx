import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/field';
import { BadgeIcon, EyeIcon, EyeOffIcon, PencilIcon, PlusIcon, ShieldOffIcon, TrashIcon } from '@/components/icons/icons';
import { Page } from '@/components/layouts/page';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { RowMenu, type RowAction } from '@/components/ui/row-menu';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/hooks/use-save-and-return';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { accountsText, failureText, serverText } from '@/lib/messages';
import {
  useAdminUsers,
  useCreateAdminUser,
  useDeleteAdminUser,
  useUpdateAdminUser,
  type NewAdmin,
} from '../api/admin-users';
import type { AdminUser } from '../types';
import { ChangeRoleDialog } from './change-role-dialog';
import { RoleField, RoleName, RolesHelp } from './role-field';
import { SubmitButton } from '@/components/form/submit-button';

type PasswordValues = { password: string };
type EmailValues = { email: string };

/**
 * The team: every administrator and their role, added with a role and a one-time password, given
 * another role or email address (where the mail about reviews goes), disabled, reset, their
 * two-factor turned off (a lost phone), or deleted; never your own row.
 */
export function TeamPage({ me }: { me?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('team.title'));
  const users = useAdminUsers();
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const remove = useDeleteAdminUser();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [totpOff, setTotpOff] = useState<AdminUser | null>(null);
  const [changingRole, setChangingRole] = useState<AdminUser | null>(null);
  const [changingEmail, setChangingEmail] = useState<AdminUser | null>(null);

  /** A refusal in words: the server's, else (a 409 without one) that an active owner must remain. */
  const refusal = (error: unknown) =>
    failureText(error, error instanceof ApiError && error.status === 409 ? accountsText('lastOwner') : t('team.failed'));

  const toggle = async (user: AdminUser) => {
    try {
      const saved = await update.mutateAsync({ id: user.id, disabled: !user.disabled });
      toast.success(serverText(saved.message, t('team.updated')));
    } catch (error) {
      toast.error(refusal(error));
    }
  };

  const turnTotpOff = (user: AdminUser) => {
    update.mutateAsync({ id: user.id, totp: false }).then(
      (saved) => {
        toast.success(serverText(saved.message, t('team.twoFactorTurnedOff')));
        setTotpOff(null);
      },
      (error: unknown) => {
        toast.error(refusal(error));
        setTotpOff(null);
      },
    );
  };

  const actionsFor = (user: AdminUser): RowAction[] => [
    { key: 'role', label: t('team.actions.changeRole'), icon: <BadgeIcon />, onSelect: () => setChangingRole(user) },
    { key: 'email', label: t('team.actions.changeEmail'), icon: <PencilIcon />, onSelect: () => setChangingEmail(user) },
    { key: 'toggle', label: user.disabled ? t('team.actions.enable') : t('team.actions.disable'), icon: user.disabled ? <EyeIcon /> : <EyeOffIcon />, onSelect: () => void toggle(user) },
    { key: 'reset', label: t('team.actions.reset'), icon: <PencilIcon />, onSelect: () => setResetting(user) },
    ...(user.totpEnabled
      ? [{ key: 'totp', label: t('team.actions.turnOffTwoFactor'), icon: <ShieldOffIcon />, onSelect: () => setTotpOff(user) } satisfies RowAction]
      : []),
    { key: 'delete', label: t('team.actions.delete'), icon: <TrashIcon />, tone: 'danger', onSelect: () => setDeleting(user) },
  ];

  const status = (user: AdminUser) =>
    user.disabled ? (
      <span className="pill pill--error">{t('team.status.disabled')}</span>
    ) : user.mustChangePassword ? (
      <span className="pill pill--warning">{t('team.status.mustChange')}</span>
    ) : (
      <span className="pill pill--live">{t('team.status.active')}</span>
    );

  return (
    <Page
      title={t('team.title')}
      aside={users.data ? <p className="page__count">{users.data.totalCount}</p> : null}
      actions={
        <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
          <PlusIcon />
          <span>{t('team.add')}</span>
        </button>
      }
    >
      <div className="page__toolbar">
        <p className="muted">{t('team.intro')}</p>
        <RolesHelp />
      </div>
      <div className="card">
        {users.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : users.isError ? (
          <p className="notice notice--error" role="alert">
            {failureText(users.error, t('common.loadFailed'))}
          </p>
        ) : (
          <DataTable<AdminUser>
            caption={t('team.title')}
            rows={users.data.result}
            columns={[
              {
                key: 'username',
                header: t('team.columns.username'),
                width: 'wide',
                cell: (u) => (
                  <span dir="auto">
                    {u.username}
                    {u.username === me ? <span className="muted"> ({t('team.you')})</span> : null}
                  </span>
                ),
              },
              { key: 'role', header: t('team.columns.role'), cell: (u) => <RoleName role={u.role} /> },
              {
                key: 'email',
                header: t('team.columns.email'),
                cell: (u) => (u.email ? <bdi dir="ltr">{u.email}</bdi> : <span className="muted">{t('team.noEmail')}</span>),
              },
              { key: 'status', header: t('team.columns.status'), cell: status },
              { key: 'totp', header: t('team.columns.twoFactor'), cell: (u) => (u.totpEnabled ? t('team.twoFactor.on') : t('team.twoFactor.off')) },
              { key: 'lastSignIn', header: t('team.columns.lastSignIn'), cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : t('team.never')) },
            ]}
            actionsHeader={t('common.actions')}
            actions={(u) => (u.username === me ? null : <RowMenu label={t('common.actionsFor', { name: u.username })} actions={actionsFor(u)} />)}
          />
        )}
      </div>

      <Dialog open={adding} title={t('team.add')} onClose={() => setAdding(false)}>
        <Form<NewAdmin>
          defaultValues={{ username: '', password: '', role: 'editor', email: '' }}
          className="form form--stacked"
          onSubmit={async (values, methods) => {
            try {
              const email = (values.email ?? '').trim();
              const saved = await create.mutateAsync({ username: values.username.trim(), password: values.password, role: values.role, ...(email ? { email } : {}) });
              toast.success(serverText(saved.message, t('team.created')));
              setAdding(false);
            } catch (error) {
              if (applyServerErrors(error, methods).length === 0) toast.error(refusal(error));
            }
          }}
        >
          {({ formState }) => (
            <>
              <TextField<NewAdmin> name="username" label={t('team.fields.username')} autoComplete="off" autoCapitalize="none" spellCheck={false} dir="auto" />
              <TextField<NewAdmin> name="password" label={t('team.fields.password')} hint={t('team.passwordHint')} type="text" autoComplete="new-password" spellCheck={false} />
              <RoleField<NewAdmin> name="role" />
              <TextField<NewAdmin> name="email" label={t('team.fields.email')} hint={t('team.emailHint')} type="email" autoComplete="off" spellCheck={false} dir="ltr" optionalLabel={t('common.optional')} />
              <div className="form__actions">
                <SubmitButton busy={formState.isSubmitting}>{t('common.submit')}</SubmitButton>
              </div>
            </>
          )}
        </Form>
      </Dialog>

      <Dialog open={resetting !== null} title={t('team.resetTitle', { name: resetting?.username ?? '' })} onClose={() => setResetting(null)}>
        <p className="muted">{t('team.resetIntro')}</p>
        <Form<PasswordValues>
          defaultValues={{ password: '' }}
          className="form form--stacked"
          onSubmit={async (values, methods) => {
            if (!resetting) return;
            try {
              const saved = await update.mutateAsync({ id: resetting.id, password: values.password });
              toast.success(serverText(saved.message, t('team.updated')));
              setResetting(null);
            } catch (error) {
              if (applyServerErrors(error, methods).length === 0) toast.error(refusal(error));
            }
          }}
        >
          {({ formState }) => (
            <>
              <TextField<PasswordValues> name="password" label={t('team.fields.password')} hint={t('team.passwordHint')} type="text" autoComplete="new-password" spellCheck={false} />
              <div className="form__actions">
                <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
                  {t('team.actions.reset')}
                </button>
              </div>
            </>
          )}
        </Form>
      </Dialog>

      <ChangeRoleDialog user={changingRole} refusal={refusal} onClose={() => setChangingRole(null)} />

      <Dialog open={changingEmail !== null} title={t('team.emailTitle', { name: `\u2068${changingEmail?.username ?? ''}\u2069` })} onClose={() => setChangingEmail(null)}>
        <p className="muted">{t('team.emailHint')}</p>
        {changingEmail ? (
          <Form<EmailValues>
            key={changingEmail.id}
            defaultValues={{ email: changingEmail.email ?? '' }}
            className="form form--stacked"
            onSubmit={async (values, methods) => {
              try {
                const saved = await update.mutateAsync({ id: changingEmail.id, email: values.email.trim() || null });
                toast.success(serverText(saved.message, t('team.updated')));
                setChangingEmail(null);
              } catch (error) {
                if (applyServerErrors(error, methods).length === 0) toast.error(refusal(error));
              }
            }}
          >
            {({ formState }) => (
              <>
                <TextField<EmailValues> name="email" label={t('team.fields.email')} type="email" autoComplete="off" spellCheck={false} dir="ltr" optionalLabel={t('common.optional')} />
                <div className="form__actions">
                  <SubmitButton busy={formState.isSubmitting}>{t('team.saveEmail')}</SubmitButton>
                </div>
              </>
            )}
          </Form>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={totpOff !== null}
        name={totpOff?.username ?? ''}
        title={t('team.totpOffTitle')}
        // The name isolated: a Latin name inside Arabic text (or the reverse) keeps its order.
        body={t('team.totpOffBody', { name: `\u2068${totpOff?.username ?? ''}\u2069` })}
        confirmLabel={t('team.actions.turnOffTwoFactor')}
        busy={update.isPending}
        onClose={() => setTotpOff(null)}
        onConfirm={() => totpOff && turnTotpOff(totpOff)}
      />

      <ConfirmDialog
        open={deleting !== null}
        name={deleting?.username ?? ''}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutateAsync(deleting.id).then(
            (done) => {
              toast.success(serverText(done.message, t('team.deleted')));
              setDeleting(null);
            },
            (error: unknown) => {
              toast.error(refusal(error));
              setDeleting(null);
            },
          );
        }}
      />
    </Page>
  );
}
