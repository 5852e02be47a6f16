import { Link as RouterLink } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import { Button, HStack, PageFrame } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';
import { ResourceList } from '@baridesk/ui/resources';
import { cardPaths, cardsTrophiesView } from '../cards-trophies-view';

export const RUN_CARDS_QUESTION = {
  title: 'Award the cards now',
  message:
    'Check every switched-on card for every program now, as the daily run does at 6 in the morning? Patients who meet a card get it and a message in the app; nobody gets a card twice.',
  confirmLabel: 'Award now',
};

/** /admin/cards-trophies: the kit's list with Add, and Award now (after a question), which queues every program's awarding run. */
export default function CardsTrophiesListScreen() {
  const { confirm, dialog } = useConfirm();
  const run = useMutation({
    mutationFn: () => postJson<{ message: string }>('admin/cards-trophies/run', {}),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(error),
  });
  const askRun = async () => {
    if (await confirm(RUN_CARDS_QUESTION)) await run.mutateAsync().catch(() => undefined);
  };
  return (
    <PageFrame
      title="Cards & Trophies"
      actions={
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={askRun} loading={run.isPending}>
            Award now…
          </Button>
          <Button asChild>
            <RouterLink to={cardPaths.store}>Add Card</RouterLink>
          </Button>
        </HStack>
      }
    >
      <ResourceList view={cardsTrophiesView} />
      {dialog}
    </PageFrame>
  );
}
