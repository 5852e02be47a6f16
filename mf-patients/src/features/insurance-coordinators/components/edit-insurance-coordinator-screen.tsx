import { ResourceFormScreen } from '@baridesk/ui/resources';
import { coordinatorShowPath, insuranceCoordinatorsView } from '../insurance-coordinators-view';

/** /insurance-coordinator/:id/edit: change a coordinator; saving and Cancel go to its details. */
export default function EditInsuranceCoordinatorScreen() {
  return (
    <ResourceFormScreen
      view={insuranceCoordinatorsView}
      afterSave={(coordinator) => coordinatorShowPath(coordinator.id)}
      cancelTo={coordinatorShowPath}
    />
  );
}
