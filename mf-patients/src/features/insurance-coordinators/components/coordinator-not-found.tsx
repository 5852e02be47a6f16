import { Link as RouterLink } from 'react-router-dom';
import { Link, Text } from '@baridesk/ui';

/** The address names no coordinator (its id is not a number): say so, with the way back. */
export function CoordinatorNotFound() {
  return (
    <Text role="alert">
      This address does not name an insurance coordinator.{' '}
      <Link asChild>
        <RouterLink to="/add-insurance-coordinator">Back to the insurance coordinators</RouterLink>
      </Link>
    </Text>
  );
}
