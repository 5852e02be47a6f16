import PatientDetailScreen from '../features/patient-record/components/patient-detail-screen';
import { PatientChecklistSummary } from '../features/patient-checklists/components/patient-checklist-summary';
import { PatientNotesPanel } from '../features/patient-notes/components/patient-notes-panel';
import { AccessHistoryPanel } from '../features/access-history/components/access-history-panel';

/**
 * /patient-detail/:id: the patient's record with their pipeline status and checklist progress in its
 * header (with the way to the checklist), their notes under it, and for the program's administrator who
 * has read or changed the record (the features meet here, not in each other).
 */
export default function PatientDetailPage() {
  return (
    <PatientDetailScreen
      summary={(patient) => <PatientChecklistSummary patientId={patient.id} />}
      below={(patient) => (
        <>
          <PatientNotesPanel patientId={patient.id} />
          <AccessHistoryPanel patientId={patient.id} />
        </>
      )}
    />
  );
}
