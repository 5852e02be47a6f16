import { useMemo, useState } from 'react';
import { AD_PLACEMENTS, bannerAdResource } from '@baridesk/contracts';
import { Button, HStack, PageFrame, Text } from '@baridesk/ui';
import {
  RecordBody,
  ResourceFormModal,
  ResourceList,
  ResourcePartition,
  StatusBadge,
  useRecordIdParam,
  useResourceRecord,
  type ResourceRecord,
} from '@baridesk/ui/resources';
import { AD_SETS_PATH, adSetsView, bannerAdsView } from '../ads-views';
import { ResetAdStatsButton, useAskResetAdStats } from './reset-ad-stats';

type Editing = { what: 'set' } | { what: 'ad'; record?: ResourceRecord } | null;

/**
 * /admin/ads-sets/:id: one of the app's ad places and its banner ads (in the order the app shows them:
 * Change order), each with impressions, clicks and CTR, Reset statistics after a question, its switch,
 * Edit and Delete; Add Banner Ad and Edit set open their forms over the page.
 */
export default function AdSetScreen() {
  const id = useRecordIdParam();
  const query = useResourceRecord<ResourceRecord>(adSetsView.resource, id ?? null);
  const set = query.data;
  const [editing, setEditing] = useState<Editing>(null);
  const { askReset, dialog } = useAskResetAdStats(bannerAdResource);
  const adsView = useMemo(
    () => ({
      ...bannerAdsView,
      rowActions: (ad: ResourceRecord) => <ResetAdStatsButton name={String(ad.title)} onClick={() => void askReset(ad.id, String(ad.title))} />,
    }),
    [askReset],
  );
  const title = set ? String(set.name) : 'Ad set';
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: 'Ad Sets', to: AD_SETS_PATH }, { label: title }]}
      actions={
        set ? (
          <>
            <Button variant="outline" onClick={() => setEditing({ what: 'set' })}>
              Edit set
            </Button>
            <Button onClick={() => setEditing({ what: 'ad' })}>Add Banner Ad</Button>
          </>
        ) : null
      }
    >
      <RecordBody
        view={adSetsView}
        id={id}
        query={query}
        render={(shown) =>
          shown ? (
            <ResourcePartition values={{ ad_set_id: shown.id }}>
              <HStack gap="3" mb="4" wrap="wrap">
                <Text>
                  Shown in the app as the {AD_PLACEMENTS[shown.placement as keyof typeof AD_PLACEMENTS] ?? String(shown.placement)}.
                </Text>
                <StatusBadge status={shown.status} />
              </HStack>
              <ResourceList view={adsView} onEdit={(record) => setEditing({ what: 'ad', record })} />
              {editing?.what === 'ad' ? <ResourceFormModal view={bannerAdsView} record={editing.record} onClose={() => setEditing(null)} /> : null}
              {editing?.what === 'set' ? <ResourceFormModal view={adSetsView} record={shown} onClose={() => setEditing(null)} /> : null}
            </ResourcePartition>
          ) : null
        }
      />
      {dialog}
    </PageFrame>
  );
}
