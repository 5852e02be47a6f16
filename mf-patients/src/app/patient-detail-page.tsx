import PatientDetailScreen from '../features/patient-record/components/patient-detail-screen';
import { PatientNotesPanel } from '../features/patient-notes/components/patient-notes-panel';

/** /patient-detail/:id: the patient's record with the notes under it (the features meet here, not in each other). */
export default function PatientDetailPage() {
  return <PatientDetailScreen below={(patient) => <PatientNotesPanel patientId={patient.id} />} />;
}
