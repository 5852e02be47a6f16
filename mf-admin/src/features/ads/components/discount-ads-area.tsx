import { useMemo } from 'react';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { discountAdResource } from '@baridesk/contracts';
import { AreaNotFound, Button, PageFrame } from '@baridesk/ui';
import { ResourceFormScreen, ResourceList, type ResourceRecord } from '@baridesk/ui/resources';
import { DISCOUNT_ADS_PATH, adPaths, discountAdsView } from '../ads-views';
import { ResetAdStatsButton, useAskResetAdStats } from './reset-ad-stats';

/** /admin/discount-ads: every discount ad with its days and statistics; Add and Edit go to the form page. */
function DiscountAdListScreen() {
  const { askReset, dialog } = useAskResetAdStats(discountAdResource);
  const view = useMemo(
    () => ({
      ...discountAdsView,
      rowActions: (ad: ResourceRecord) => <ResetAdStatsButton name={String(ad.title)} onClick={() => void askReset(ad.id, String(ad.title))} />,
    }),
    [askReset],
  );
  return (
    <PageFrame
      title="Discount Ads"
      actions={
        <Button asChild>
          <RouterLink to={adPaths.discountForm()}>Add Discount Ad</RouterLink>
        </Button>
      }
    >
      <ResourceList view={view} />
      {dialog}
    </PageFrame>
  );
}

/** /admin/discount-ads/* (permission discount_ads): the list, and the spec's form page /admin/discount-ads/edit (`?id=` for an existing ad). */
export default function DiscountAdsArea() {
  return (
    <Routes>
      <Route index element={<DiscountAdListScreen />} />
      <Route path="edit" element={<ResourceFormScreen view={discountAdsView} />} />
      <Route path="*" element={<AreaNotFound area="ads" backTo={DISCOUNT_ADS_PATH} backLabel="Back to the discount ads" />} />
    </Routes>
  );
}
