import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PipelineStage } from '@baridesk/contracts';
import { STAGES } from '@baridesk/domain';
import { useAppStore } from '@baridesk/store';
import { Button, PageFrame } from '@baridesk/ui';
import { Tabs } from '@baridesk/ui/overlays';
import { stageParamOf } from '../../../utils/stage-param';
import { RulesTab } from './rules-tab';
import { StatusesTab } from './statuses-tab';

/** The sections, by the index the browser storage keeps (spec: "active customize-pipeline tab (default 0)"). */
const SECTIONS = ['Statuses', 'Automation rules'] as const;

/** The saved tab, or the first when storage holds one this screen does not have. */
const sectionOf = (saved: number) => (saved >= 0 && saved < SECTIONS.length ? saved : 0);

function StageSections({ stage }: { stage: PipelineStage }) {
  const section = sectionOf(useAppStore((state) => state.customizePipelineTab));
  const setSection = useAppStore((state) => state.setCustomizePipelineTab);
  return (
    <Tabs.Root value={String(section)} onValueChange={(details) => setSection(Number(details.value))} lazyMount unmountOnExit>
      <Tabs.List aria-label="Customize">
        {SECTIONS.map((label, index) => (
          <Tabs.Trigger key={label} value={String(index)}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="0" pt="4">
        <StatusesTab stage={stage} />
      </Tabs.Content>
      <Tabs.Content value="1" pt="4">
        <RulesTab stage={stage} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/**
 * /customize-pipeline: per stage (kept in the address, ?stage=), the pipeline's statuses and its
 * automation rules. The tab last open is kept in browser storage.
 */
export default function CustomizePipelineScreen() {
  const [params, setParams] = useSearchParams();
  const stage = stageParamOf(params.get('stage')) ?? 1;
  return (
    <PageFrame
      title="Customize Pipeline"
      actions={
        <Button asChild variant="outline" colorPalette="gray">
          <RouterLink to={`/pipeline?stage=${stage}`}>Back to the pipeline</RouterLink>
        </Button>
      }
    >
      <Tabs.Root
        value={String(stage)}
        onValueChange={(details) => setParams({ stage: String(stageParamOf(details.value) ?? 1) })}
        variant="enclosed"
        lazyMount
        unmountOnExit
      >
        <Tabs.List aria-label="Stage">
          {STAGES.map((item) => (
            <Tabs.Trigger key={item.id} value={String(item.id)}>
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {STAGES.map((item) => (
          <Tabs.Content key={item.id} value={String(item.id)} pt="4">
            <StageSections stage={item.id} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageFrame>
  );
}
