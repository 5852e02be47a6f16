import { Route, Routes } from 'react-router-dom';
import { ResourceListScreen } from '@baridesk/ui/resources';
import { adSetsView } from '../ads-views';
import AdSetScreen from './ad-set-screen';
import { UnknownAdsPage } from './unknown-ads-page';

/** /admin/ads-sets/* (permission banner_ads): the app's ad places, and one set with its banner ads at :id. */
export default function AdsSetsArea() {
  return (
    <Routes>
      <Route index element={<ResourceListScreen view={adSetsView} />} />
      <Route path=":id" element={<AdSetScreen />} />
      <Route path="*" element={<UnknownAdsPage />} />
    </Routes>
  );
}
