import { useChecklistStageNames } from '../features/checklist-templates/api/get-checklist-stage-names';
import { ChecklistWorklistScreen } from '../features/checklist-worklist/components/checklist-worklist-screen';
import { ChecklistItemCheckbox } from '../features/patient-checklists/components/checklist-item-checkbox';

/**
 * /checklist-items/:tempStage: the program's items of a stage, named by the program (templates feature),
 * each ticked with the patient checklist's own box (its notices, its pipeline moves).
 */
export default function ChecklistWorklistPage() {
  const names = useChecklistStageNames();
  return (
    <ChecklistWorklistScreen
      stageNames={names.data}
      renderTick={(row) => (
        <ChecklistItemCheckbox itemId={row.id} checked={row.completed_at !== null} label={`${row.title} of ${row.patient_name} done`} hideLabel />
      )}
    />
  );
}
