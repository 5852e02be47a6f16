import { programUserResource } from '@baridesk/contracts';
import { AccountPasswordScreen } from '../../account-password/account-password-screen';
import { updateProgramUserPassword } from '../api/program-user-calls';
import { programUserPaths, programUsersView } from '../program-users-view';

/** /admin/program-user/:id/change-password: the super admin sets a program user's password. */
export default function ProgramUserPasswordScreen() {
  return (
    <AccountPasswordScreen
      resource={programUserResource}
      view={programUsersView}
      list={{ label: 'Program Users', to: programUserPaths.list }}
      nameOf={(user) => String(user.name)}
      back={() => programUserPaths.list}
      intro={(user) =>
        `A new password for ${String(user.name)} (${String(user.email)}). Their other sessions end; tell them the password another way than by e-mail.`
      }
      save={(user, values) => updateProgramUserPassword({ id: user.id, ...values })}
    />
  );
}
