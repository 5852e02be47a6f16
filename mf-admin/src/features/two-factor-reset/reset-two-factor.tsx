import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { ResetTwoFactorBody } from '@baridesk/contracts';
import { Button } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';

/** The areas whose accounts a super admin may reset (each checks its own permission on the server). */
export type TwoFactorResetArea = 'admin/program-user' | 'admin/baritastic-program' | 'admin/super-admin';

/** What the question says happens, the same in every area. */
export const resetTwoFactorQuestion = (name: string) => ({
  title: 'Reset two-step sign-in',
  message:
    `Reset ${name}'s two-step sign-in? Their authenticator app and recovery codes stop working, they are signed out everywhere ` +
    'and told by e-mail. At their next sign-in they set it up again if their program or role requires it.',
  confirmLabel: 'Reset',
});

/**
 * "Reset two-step sign-in" for a row of the program users, programs or super admins list (someone lost
 * their phone and their recovery codes): asks first, then POST <area>/reset-two-factor {id}; the server's
 * answer is the notice, a refusal too (the list does not tell whether an account has a factor, so "no
 * two-step sign-in to reset" comes from the server). Render `dialog` in the screen.
 */
export function useResetTwoFactor(area: TwoFactorResetArea) {
  const { confirm, dialog } = useConfirm();
  const { mutateAsync } = useMutation({
    mutationFn: (body: ResetTwoFactorBody) => postJson<{ message: string }>(`${area}/reset-two-factor`, body),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(error),
  });
  const askReset = useCallback(
    async (id: number, name: string) => {
      if (!(await confirm(resetTwoFactorQuestion(name)))) return;
      await mutateAsync({ id }).catch(() => undefined);
    },
    [confirm, mutateAsync],
  );
  return { askReset, dialog };
}

/** A row's button for it, named with the account for screen readers (the visible words begin the name). */
export function ResetTwoFactorButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="xs" variant="outline" onClick={onClick} aria-label={`Reset two-step sign-in of ${name}`}>
      Reset two-step sign-in…
    </Button>
  );
}
