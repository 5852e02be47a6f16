import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PipelineCard, PipelineColumn, PipelineStage, PipelineStatus } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { Box, EmptyState, Link, Spinner, Stack, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { usePipelineBoard } from '../api/get-pipeline-board';
import { useMovePipelinePatient } from '../api/move-pipeline-patient';
import { useShowMoreCards } from '../api/show-more-cards';
import { AverageDaysPanel } from './average-days-panel';
import { PipelineColumns } from './pipeline-columns';
import { PipelineHistoryDialog } from './pipeline-history-dialog';

export type StageBoardProps = {
  stage: PipelineStage;
  search: string;
  /** The user may change the pipeline (administrative rights, or the program's own account). */
  mayCustomize: boolean;
  /** The user is the program's own account, who alone sees the missing pipeline patients. */
  isSubUser: boolean;
};

const customizeLink = (stage: PipelineStage) => `/customize-pipeline?stage=${stage}`;

function WithoutStatusNotice({ count, isSubUser }: { count: number; isSubUser: boolean }) {
  const text = count === 1 ? '1 patient of this stage has no pipeline status' : `${formatAmount(count)} patients of this stage have no pipeline status`;
  return (
    // fg.warning is the theme's orange for text (ui system: 4.5:1 on the page).
    <Text textStyle="sm" color="fg.warning">
      {isSubUser ? (
        <Link asChild color="fg.warning" textDecoration="underline">
          <RouterLink to="/missing-pipeline-patients">{text}</RouterLink>
        </Link>
      ) : (
        text
      )}
      .
    </Text>
  );
}

/** One stage's board: its columns of cards, the notice of patients without a status, the average days. */
export function StageBoard({ stage, search, mayCustomize, isSubUser }: StageBoardProps) {
  const params = useMemo(() => ({ stage, search }), [stage, search]);
  const board = usePipelineBoard(params);
  const { mutate: move } = useMovePipelinePatient(params);
  const more = useShowMoreCards(params);
  const { mutate: showMore } = more;
  const [history, setHistory] = useState<{ card: PipelineCard; opener: HTMLElement | null } | null>(null);
  const onHistory = useCallback((card: PipelineCard, opener: HTMLElement | null) => setHistory({ card, opener }), []);

  const columns = board.data?.data.columns;
  const statuses = useMemo(() => columns?.map((column) => column.status) ?? [], [columns]);
  const onMove = useCallback(
    (card: PipelineCard, fromStatusId: number, to: PipelineStatus) =>
      move({ patient_id: card.id, from_status_id: fromStatusId, to_status_id: to.id }),
    [move],
  );
  const onShowMore = useCallback((column: PipelineColumn) => showMore({ statusId: column.status.id, page: column.page + 1 }), [showMore]);

  if (!board.data) {
    return board.isError ? (
      <LoadError title="The pipeline could not be loaded." message={board.error.message} onRetry={() => void board.refetch()} />
    ) : (
      <Spinner aria-label="Loading the pipeline" />
    );
  }

  const { without_status: withoutStatus } = board.data.data;
  const matches = (columns ?? []).reduce((sum, column) => sum + column.total, 0);
  return (
    <Stack gap="4" aria-busy={board.isFetching || undefined}>
      {board.isError ? (
        <LoadError title="The pipeline could not be refreshed." message={board.error.message} onRetry={() => void board.refetch()} />
      ) : null}
      {withoutStatus > 0 ? <WithoutStatusNotice count={withoutStatus} isSubUser={isSubUser} /> : null}
      {statuses.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="md">
          <EmptyState.Content>
            <EmptyState.Title>This stage has no pipeline statuses yet.</EmptyState.Title>
            {mayCustomize ? (
              <Link asChild>
                <RouterLink to={customizeLink(stage)}>Add statuses in Customize Pipeline</RouterLink>
              </Link>
            ) : (
              <EmptyState.Description>Someone with administrative rights can add them.</EmptyState.Description>
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Box>
          {search.trim() && matches === 0 ? (
            <Text textStyle="sm" color="fg.muted" mb="2">
              No patients of this stage match the search.
            </Text>
          ) : null}
          <PipelineColumns
            columns={columns ?? []}
            statuses={statuses}
            loadingMoreOf={more.isPending ? more.variables?.statusId : undefined}
            onShowMore={onShowMore}
            onMove={onMove}
            onHistory={onHistory}
          />
        </Box>
      )}
      {statuses.length > 0 ? <AverageDaysPanel stage={stage} /> : null}
      {history ? (
        <PipelineHistoryDialog
          card={history.card}
          // Back to the card's actions button that opened it (the menu it was chosen from is gone by then).
          returnFocusTo={() => (history.opener?.isConnected ? history.opener : null)}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </Stack>
  );
}
