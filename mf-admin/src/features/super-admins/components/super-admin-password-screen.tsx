import { superAdminResource } from '@baridesk/contracts';
import { useAppStore } from '@baridesk/store';
import { AccountPasswordScreen } from '../../account-password/account-password-screen';
import { changeSuperAdminPassword } from '../api/super-admin-calls';
import { superAdminName, superAdminPaths, superAdminsView } from '../super-admins-view';

/** /admin/super-admin/change-password/:id: a super admin's new password (one's own asks the current one). */
export default function SuperAdminPasswordScreen() {
  const me = useAppStore((state) => state.user?.id);
  return (
    <AccountPasswordScreen
      resource={superAdminResource}
      view={superAdminsView}
      list={{ label: 'Super Admins', to: superAdminPaths.list }}
      nameOf={superAdminName}
      back={(admin) => superAdminPaths.show(admin.id)}
      asksCurrent={(admin) => admin.id === me}
      intro={(admin) =>
        admin.id === me
          ? 'Your new password. Your other sessions end.'
          : `A new password for ${superAdminName(admin)} (${String(admin.email)}). Their sessions end; tell them the password another way than by e-mail.`
      }
      save={(admin, values) => changeSuperAdminPassword(admin.id, values)}
    />
  );
}
