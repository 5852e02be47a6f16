import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, HStack, PageFrame } from '@baridesk/ui';
import { Menu, Portal, useConfirm, useDownloadTask } from '@baridesk/ui/overlays';
import { ResourceList, resourceListCriteria, useResourceListParams, type ResourceRecord } from '@baridesk/ui/resources';
import { exportProgramUsers, useProgramUserAction } from '../api/program-user-calls';
import { useResetTwoFactor } from '../../two-factor-reset/reset-two-factor';
import { programUserPaths, programUsersView } from '../program-users-view';

type AskedAction = 'reset-security' | 'resend-invite' | 'reset-two-factor';

/** A row's account actions, each named with the user for screen readers; the three that e-mail or forget ask first. */
function AccountMenu({ user, onAsk }: { user: ResourceRecord; onAsk: (action: AskedAction, user: ResourceRecord) => void }) {
  const navigate = useNavigate();
  const name = String(user.name);
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" aria-label={`Account actions for ${name}`}>
          Account <span aria-hidden>▾</span>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.Item value="password" onClick={() => void navigate(programUserPaths.changePassword(user.id))}>
              Change password
            </Menu.Item>
            <Menu.Item value="reset-security" onClick={() => onAsk('reset-security', user)}>
              Reset security question…
            </Menu.Item>
            <Menu.Item value="resend-invite" onClick={() => onAsk('resend-invite', user)}>
              Resend invite…
            </Menu.Item>
            <Menu.Item value="reset-two-factor" onClick={() => onAsk('reset-two-factor', user)}>
              Reset two-step sign-in…
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const QUESTIONS = {
  'reset-security': (name: string) => ({
    title: 'Reset security question',
    message: `Forget ${name}'s security question and answer? When the question is on, they choose a new one at their next sign-in.`,
    confirmLabel: 'Reset',
  }),
  'resend-invite': (name: string) => ({
    title: 'Resend invite',
    message: `E-mail ${name} a new invitation to choose a password? Links sent before stop working.`,
    confirmLabel: 'Send',
  }),
};

/** /admin/program-user: the program users of every program, with a program filter, Excel, Add and each row's account actions. */
export default function ProgramUserListScreen() {
  const { confirm, dialog } = useConfirm();
  const reset = useProgramUserAction('reset-security');
  const resend = useProgramUserAction('resend-invite');
  const { askReset, dialog: resetDialog } = useResetTwoFactor('admin/program-user');
  const excel = useDownloadTask();
  const list = useResourceListParams(programUsersView);
  const view = useMemo(() => {
    const ask = async (action: AskedAction, user: ResourceRecord) => {
      if (action === 'reset-two-factor') return askReset(user.id, String(user.name));
      if (!(await confirm(QUESTIONS[action](String(user.name))))) return;
      await (action === 'reset-security' ? reset : resend).mutateAsync(user.id).catch(() => undefined);
    };
    return { ...programUsersView, rowActions: (user: ResourceRecord) => <AccountMenu user={user} onAsk={(action) => void ask(action, user)} /> };
  }, [confirm, reset, resend, askReset]);

  return (
    <PageFrame
      title="Program Users"
      actions={
        <HStack gap="2" wrap="wrap">
          <Button
            variant="outline"
            loading={excel.running}
            onClick={() => void excel.download('Program users (Excel)', (signal, onProgress) => exportProgramUsers(resourceListCriteria(programUsersView, list), signal, onProgress))}
          >
            Excel
          </Button>
          <Button asChild>
            <RouterLink to={programUserPaths.store}>Add Program User</RouterLink>
          </Button>
        </HStack>
      }
    >
      <ResourceList view={view} list={list} />
      {dialog}
      {resetDialog}
      {excel.banner}
    </PageFrame>
  );
}
