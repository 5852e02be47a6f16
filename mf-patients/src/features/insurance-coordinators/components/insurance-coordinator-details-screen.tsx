import { ResourceShowScreen } from '@baridesk/ui/resources';
import { insuranceCoordinatorsView } from '../insurance-coordinators-view';

/** /insurance-coordinator/:id/show: a coordinator's contact details, status and how many patients they look after. */
export default function InsuranceCoordinatorDetailsScreen() {
  return <ResourceShowScreen view={insuranceCoordinatorsView} />;
}
