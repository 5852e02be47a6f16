import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatAmount, formatDate, formatPhone } from '@baridesk/domain';
import { Badge, Button, Card, chakra, PageFrame, Spinner } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useInsuranceCoordinator } from '../api/get-insurance-coordinator';
import { CoordinatorNotFound } from './coordinator-not-found';
import { useCoordinatorId } from '../hooks/use-coordinator-id';

const LIST_PATH = '/add-insurance-coordinator';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', sm: '12rem 1fr' }} gap="1" py="2" borderBottomWidth="1px">
      <chakra.dt fontWeight="medium" color="fg.muted">
        {term}
      </chakra.dt>
      <chakra.dd>{children}</chakra.dd>
    </chakra.div>
  );
}

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
            <Detail term="Name">{coordinator.name}</Detail>
            <Detail term="E-mail">{coordinator.email ?? 'Not given'}</Detail>
            <Detail term="Phone">{coordinator.phone ? formatPhone(coordinator.phone) : 'Not given'}</Detail>
            <Detail term="Status">
              {coordinator.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>}
            </Detail>
            <Detail term="Patients">{formatAmount(coordinator.patients_count)}</Detail>
            <Detail term="Added">{formatDate(coordinator.created_at)}</Detail>
            <Detail term="Updated">{formatDate(coordinator.updated_at)}</Detail>
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
