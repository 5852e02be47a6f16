import { useNavigate } from 'react-router-dom';
import { PageFrame, Spinner } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useInsuranceCoordinator } from '../api/get-insurance-coordinator';
import { CoordinatorNotFound } from './coordinator-not-found';
import { InsuranceCoordinatorForm } from './insurance-coordinator-form';
import { useCoordinatorId } from '../hooks/use-coordinator-id';

/** /insurance-coordinator/:id/edit: change a coordinator; saving shows its details. */
export default function EditInsuranceCoordinatorScreen() {
  const navigate = useNavigate();
  const id = useCoordinatorId();
  const coordinator = useInsuranceCoordinator(id);

  let body;
  if (id === null) body = <CoordinatorNotFound />;
  else if (coordinator.isError)
    body = (
      <LoadError title="The coordinator could not be loaded." message={coordinator.error.message} onRetry={() => void coordinator.refetch()} />
    );
  else if (coordinator.data)
    body = (
      <InsuranceCoordinatorForm
        key={coordinator.data.id}
        coordinator={coordinator.data}
        cancelTo={`/insurance-coordinator/${id}/show`}
        onSaved={() => void navigate(`/insurance-coordinator/${id}/show`)}
      />
    );
  else body = <Spinner aria-label="Loading the coordinator" />;

  return <PageFrame title="Edit Insurance Coordinator">{body}</PageFrame>;
}
