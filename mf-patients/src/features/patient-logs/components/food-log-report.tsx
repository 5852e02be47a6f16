import { useState } from 'react';
import type { FoodLogs } from '@baridesk/contracts';
import { FOOD_LOG_TABS, type FoodLogTabId } from '@baridesk/domain';
import { Tabs } from '@baridesk/ui/overlays';
import { FoodLogTabPanel } from './food-log-tab-panel';

/** The eight tabs of the food log; the selected one's charts and tables, recomputed from the loaded month. */
export function FoodLogReport({ log }: { log: FoodLogs }) {
  const [tab, setTab] = useState<FoodLogTabId>(1);
  return (
    <Tabs.Root
      value={String(tab)}
      onValueChange={({ value }) => setTab(Number(value) as FoodLogTabId)}
      variant="line"
      lazyMount
      unmountOnExit
    >
      <Tabs.List aria-label="Nutrient" flexWrap="wrap">
        {FOOD_LOG_TABS.map((t) => (
          <Tabs.Trigger key={t.id} value={String(t.id)}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {FOOD_LOG_TABS.map((t) => (
        <Tabs.Content key={t.id} value={String(t.id)} pt="4">
          <FoodLogTabPanel log={log} tab={t.id} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
