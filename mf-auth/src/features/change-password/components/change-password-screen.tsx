import { Navigate, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { changePasswordBody, type ChangePasswordBody } from '@baridesk/contracts';
import { useAppStore } from '@baridesk/store';
import {
  Alert,
  Box,
  Button,
  PageFrame,
  PasswordField,
  Stack,
  useFormSubmit,
  useValibotForm,
} from '@baridesk/ui';
import { PASSWORD_HELP } from '../../../lib/password-help';
import { useChangePassword } from '../api/change-password';
import { useChangeSuperAdminPassword } from '../api/change-super-admin-password';
import { refreshSignedInUser } from '../api/get-user';

export { PASSWORD_HELP };
export const FORCED_CHANGE_NOTE = 'Please choose a new password before you continue.';

/** `staff`: /change-password (also the forced first change); `admin`: /admin/change-password. */
export type ChangePasswordVariant = 'staff' | 'admin';

const HOME: Record<ChangePasswordVariant, string> = { staff: '/dashboard', admin: '/admin/dashboard' };

/**
 * The signed-in user's own password. Both variants validate with changePasswordBody: the admin
 * contract leaves current_password optional only because the same endpoint lets an admin with
 * manage_super_admin reset someone else's; one's own always needs it.
 */
export function ChangePasswordScreen({ variant }: { variant: ChangePasswordVariant }) {
  const navigate = useNavigate();
  const user = useAppStore((state) => state.user);
  const setPasswordChanged = useAppStore((state) => state.setPasswordChanged);
  const { mutateAsync: changeStaffPassword } = useChangePassword();
  const { mutateAsync: changeAdminPassword } = useChangeSuperAdminPassword();
  const form = useValibotForm(changePasswordBody, {
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  // Super admins are never forced (spec: the flag is kept for non-super-admins only).
  const forced = variant === 'staff' && user?.is_password_changed === 0;

  const submit = (body: ChangePasswordBody) => {
    if (variant === 'staff') return changeStaffPassword(body);
    // The shell opens admin pages only for a loaded super admin.
    if (!user) throw new Error('No signed-in super admin.');
    return changeAdminPassword({ id: user.id, body });
  };

  const onSubmit = useFormSubmit(form, submit, {
    notifySuccess,
    notifyError,
    onSaved: async () => {
      if (variant === 'staff') setPasswordChanged(1);
      await refreshSignedInUser(user && { ...user, is_password_changed: 1 });
      await navigate(HOME[variant], { replace: true });
    },
  });

  return (
    <PageFrame title="Change Password">
      <Box maxW="md">
        <form noValidate onSubmit={onSubmit} aria-busy={form.formState.isSubmitting || undefined}>
          <Stack gap="5">
            {forced ? (
              <Alert.Root status="info" role="note">
                <Alert.Indicator />
                <Alert.Title>{FORCED_CHANGE_NOTE}</Alert.Title>
              </Alert.Root>
            ) : null}
            <PasswordField form={form} name="current_password" label="Current password" autoComplete="current-password" required />
            <PasswordField
              form={form}
              name="password"
              label="New password"
              autoComplete="new-password"
              helperText={PASSWORD_HELP}
              required
            />
            <PasswordField
              form={form}
              name="password_confirmation"
              label="Confirm new password"
              autoComplete="new-password"
              required
            />
            <Box>
              <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} loadingText="Saving…">
                Change Password
              </Button>
            </Box>
          </Stack>
        </form>
      </Box>
    </PageFrame>
  );
}

/** /change-password is open to every signed-in user; a super admin's own password has its own address. */
export function StaffChangePasswordScreen() {
  const superAdmin = useAppStore((state) => state.user?.type === 'super_admin');
  return superAdmin ? <Navigate to="/admin/change-password" replace /> : <ChangePasswordScreen variant="staff" />;
}

export const AdminChangePasswordScreen = () => <ChangePasswordScreen variant="admin" />;
