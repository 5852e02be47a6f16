import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceListScreen } from '@baridesk/ui/resources';
import { AD_SETS_PATH, adSetsView } from '../ads-views';
import AdSetScreen from './ad-set-screen';

/** /admin/ads-sets: the app's ad places (no Add: the definition has no store call, the places are the app's). */
function AdSetListScreen() {
  return <ResourceListScreen view={adSetsView} />;
}

/** /admin/ads-sets/* (permission banner_ads): the app's ad places, and one set with its banner ads at :id. */
export default function AdsSetsArea() {
  return (
    <Routes>
      <Route index element={<AdSetListScreen />} />
      <Route path=":id" element={<AdSetScreen />} />
      <Route path="*" element={<AreaNotFound area="ads" backTo={AD_SETS_PATH} backLabel="Back to the ad sets" />} />
    </Routes>
  );
}
