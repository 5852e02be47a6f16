import { ResourceListScreen } from '@baridesk/ui/resources';
import { patientTagsView } from '../patient-tags-view';

/** /user-category: the program's patient tags, searched, sorted and paged by the server, switched on and off. */
export default function PatientTagsScreen() {
  return <ResourceListScreen view={patientTagsView} />;
}
