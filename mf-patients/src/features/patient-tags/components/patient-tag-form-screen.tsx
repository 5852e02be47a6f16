import { ResourceFormScreen } from '@baridesk/ui/resources';
import { patientTagsView } from '../patient-tags-view';

/** /category-form: a new patient tag, or with `?id=` an existing one, named and switched on or off. */
export default function PatientTagFormScreen() {
  return <ResourceFormScreen view={patientTagsView} />;
}
