import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PipelineStage } from '@baridesk/contracts';
import { STAGES } from '@baridesk/domain';
import { useAppStore } from '@baridesk/store';
import { Box, Button, Flex, PageFrame, Stack } from '@baridesk/ui';
import { SearchBox } from '@baridesk/ui/lists';
import { Tabs } from '@baridesk/ui/overlays';
import { usePipelineExports } from '../hooks/use-pipeline-exports';
import { stageParamOf } from '../../../utils/stage-param';
import { StageBoard } from './stage-board';

/**
 * /pipeline: the patients of one stage as cards in columns, one per pipeline status. The stage and the
 * search are kept in the address (?stage=&search=), so a link or a reload shows the same board.
 */
export default function PipelineBoardScreen() {
  const [params, setParams] = useSearchParams();
  const stage = stageParamOf(params.get('stage')) ?? 1;
  const search = params.get('search') ?? '';
  const user = useAppStore((state) => state.user);
  const isSubUser = user?.type === 'sub_user';
  const mayCustomize = isSubUser || user?.administrative_rights === 1;
  const exports = usePipelineExports();

  const change = (next: { stage?: PipelineStage; search?: string }) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next.stage !== undefined) query.set('stage', String(next.stage));
        if (next.search !== undefined) {
          if (next.search.trim()) query.set('search', next.search);
          else query.delete('search');
        }
        return query;
      },
      // Typing is not a step to go back to; a stage is.
      { replace: next.stage === undefined },
    );

  return (
    <PageFrame
      title="Patient Pipeline"
      actions={
        <>
          <Button variant="outline" colorPalette="gray" disabled={exports.running} onClick={() => void exports.exportBoard(stage, search)}>
            Export to Excel
          </Button>
          <Button variant="outline" colorPalette="gray" disabled={exports.running} onClick={() => void exports.exportAverageDays(stage)}>
            Average days (Excel)
          </Button>
          {mayCustomize ? (
            <Button asChild colorPalette="brand">
              <RouterLink to={`/customize-pipeline?stage=${stage}`}>Customize pipeline</RouterLink>
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="4">
        {exports.banner}
        <Tabs.Root
          value={String(stage)}
          onValueChange={(details) => change({ stage: stageParamOf(details.value) ?? 1 })}
          variant="enclosed"
          lazyMount
          unmountOnExit
        >
          <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
            <Tabs.List aria-label="Stage">
              {STAGES.map((item) => (
                <Tabs.Trigger key={item.id} value={String(item.id)}>
                  {item.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Box width={{ base: 'full', sm: '80' }}>
              <SearchBox label="Search patients" hideLabel placeholder="Search patients…" value={search} onCommit={(text) => change({ search: text })} />
            </Box>
          </Flex>
          {STAGES.map((item) => (
            <Tabs.Content key={item.id} value={String(item.id)} pt="4">
              <StageBoard stage={item.id} search={search} mayCustomize={mayCustomize} isSubUser={isSubUser} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
    </PageFrame>
  );
}
