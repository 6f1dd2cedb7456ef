import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { Dialog } from '@/components/ui/dialog';
import { serverText } from '@/lib/messages';
import type { Role } from '@/lib/permissions';
import { useUpdateAdminUser } from '../api/admin-users';
import type { AdminUser } from '../types';
import { RoleField } from './role-field';
import { SubmitButton } from '@/components/form/submit-button';

type RoleValues = { role: Role };

/**
 * Changes another administrator's role. A refusal stays in the dialog, in words: above all the
 * server's 409 when no active owner would be left.
 */
export function ChangeRoleDialog({ user, refusal, onClose }: { user: AdminUser | null; refusal: (error: unknown) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAdminUser();
  const [refused, setRefused] = useState<string | null>(null);
  const close = () => {
    setRefused(null);
    onClose();
  };
  return (
    <Dialog open={user !== null} title={t('team.roleTitle', { name: `\u2068${user?.username ?? ''}\u2069` })} onClose={close}>
      <p className="muted">{t('team.roleIntro')}</p>
      {user ? (
        <Form<RoleValues>
          key={user.id}
          defaultValues={{ role: user.role ?? 'editor' }}
          className="form form--stacked"
          onSubmit={async (values) => {
            setRefused(null);
            try {
              const saved = await update.mutateAsync({ id: user.id, role: values.role });
              toast.success(serverText(saved.message, t('team.roleChanged')));
              close();
            } catch (error) {
              setRefused(refusal(error));
            }
          }}
        >
          {({ formState }) => (
            <>
              <RoleField<RoleValues> name="role" />
              {refused ? (
                <p className="notice notice--error" role="alert">
                  {refused}
                </p>
              ) : null}
              <div className="form__actions">
                <SubmitButton busy={formState.isSubmitting}>{t('team.saveRole')}</SubmitButton>
              </div>
            </>
          )}
        </Form>
      ) : null}
    </Dialog>
  );
}
