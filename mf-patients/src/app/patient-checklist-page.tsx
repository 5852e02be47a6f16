import { useChecklistStageNames } from '../features/checklist-templates/api/get-checklist-stage-names';
import { PatientChecklistScreen } from '../features/patient-checklists/components/patient-checklist-screen';
import { ChecklistItemNotes } from './checklist-item-notes';

/**
 * /checklists/:id: the patient's checklist, its stages named by the program (templates feature) and each
 * item's notes from the notes feature (the features meet here, not in each other).
 */
export default function PatientChecklistPage() {
  const names = useChecklistStageNames();
  return (
    <PatientChecklistScreen
      stageNames={names.data}
      itemNotes={(item, { patientId, stage, onChanged }) => (
        <ChecklistItemNotes patientId={patientId} stage={stage} item={item} onChanged={onChanged} />
      )}
    />
  );
}
