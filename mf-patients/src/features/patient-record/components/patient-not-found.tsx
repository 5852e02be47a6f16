import { Link as RouterLink } from 'react-router-dom';
import { PATIENT_RECORD_MESSAGES } from '@baridesk/contracts';
import { Link, Text } from '@baridesk/ui';

/** No patient of the program has this id (or the address names none): say so, with the way back. */
export function PatientNotFound() {
  return (
    <Text role="alert">
      {PATIENT_RECORD_MESSAGES.notFound}{' '}
      <Link asChild>
        <RouterLink to="/manage-patients">Back to the patients</RouterLink>
      </Link>
    </Text>
  );
}
