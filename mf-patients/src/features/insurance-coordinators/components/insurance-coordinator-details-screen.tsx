import { Link as RouterLink } from 'react-router-dom';
import { formatAmount, formatDate, formatPhone } from '@baridesk/domain';
import { Badge, Button, Card, chakra, DetailRow, PageFrame, Spinner } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useInsuranceCoordinator } from '../api/get-insurance-coordinator';
import { CoordinatorNotFound } from './coordinator-not-found';
import { useCoordinatorId } from '../hooks/use-coordinator-id';

const LIST_PATH = '/add-insurance-coordinator';

/** /insurance-coordinator/:id/show: a coordinator's contact details, status and how many patients they look after. */
export default function InsuranceCoordinatorDetailsScreen() {
  const id = useCoordinatorId();
  const query = useInsuranceCoordinator(id);
  const coordinator = query.data;

  let body;
  if (id === null) body = <CoordinatorNotFound />;
  else if (query.isError)
    body = <LoadError title="The coordinator could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (coordinator)
    body = (
      <Card.Root maxW="2xl">
        <Card.Body>
          <chakra.dl>
            <DetailRow term="Name">{coordinator.name}</DetailRow>
            <DetailRow term="E-mail">{coordinator.email ?? 'Not given'}</DetailRow>
            <DetailRow term="Phone">{coordinator.phone ? formatPhone(coordinator.phone) : 'Not given'}</DetailRow>
            <DetailRow term="Status">
              {coordinator.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>}
            </DetailRow>
            <DetailRow term="Patients">{formatAmount(coordinator.patients_count)}</DetailRow>
            <DetailRow term="Added">{formatDate(coordinator.created_at)}</DetailRow>
            <DetailRow term="Updated">{formatDate(coordinator.updated_at)}</DetailRow>
          </chakra.dl>
        </Card.Body>
      </Card.Root>
    );
  else body = <Spinner aria-label="Loading the coordinator" />;

  return (
    <PageFrame
      title={coordinator ? coordinator.name : 'Insurance Coordinator'}
      actions={
        <>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={LIST_PATH}>All Coordinators</RouterLink>
          </Button>
          {id !== null && coordinator ? (
            <Button asChild>
              <RouterLink to={`/insurance-coordinator/${id}/edit`}>Edit</RouterLink>
            </Button>
          ) : null}
        </>
      }
    >
      {body}
    </PageFrame>
  );
}
