import { programResource } from '@baridesk/contracts';
import { AccountPasswordScreen } from '../../account-password/account-password-screen';
import { updateProgramPassword } from '../api/program-calls';
import { programPaths, programsView } from '../programs-view';

/** /admin/baritastic-program/:id/change-password: the super admin sets a program account's password. */
export default function ProgramPasswordScreen() {
  return (
    <AccountPasswordScreen
      resource={programResource}
      view={programsView}
      list={{ label: 'Programs', to: programPaths.list }}
      nameOf={(program) => String(program.title)}
      back={(program) => programPaths.show(program.id)}
      intro={(program) =>
        `A new password for the account of ${String(program.title)} (${String(program.email)}). Its other sessions end; tell the program the password another way than by e-mail.`
      }
      save={(program, values) => updateProgramPassword({ id: program.id, ...values })}
    />
  );
}
