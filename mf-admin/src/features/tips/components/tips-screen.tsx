import { ResourceListScreen } from '@baridesk/ui/resources';
import { tipsView } from '../tips-view';

/** /admin/tips (permission tips): the app's tips for every program. */
export default function TipsScreen() {
  return <ResourceListScreen view={tipsView} />;
}
