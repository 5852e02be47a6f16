import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@baridesk/ui';
import { useCreatePatient } from '../api/create-patient';
import { BLANK_PATIENT_FORM } from '../utils/patient-form-values';
import { PatientForm } from './patient-form';

/** /add-patient: a new patient of the program; saving opens the new record. */
export default function AddPatientScreen() {
  const navigate = useNavigate();
  const create = useCreatePatient();
  return (
    <PageFrame title="Add Patient" breadcrumbs={[{ label: 'Patients', to: '/manage-patients' }, { label: 'Add Patient' }]}>
      <PatientForm
        defaultValues={BLANK_PATIENT_FORM}
        save={create.mutateAsync}
        onSaved={(saved) => void navigate(`/patient-detail/${saved.data.id}`)}
        submitLabel="Add Patient"
        cancelTo="/manage-patients"
      />
    </PageFrame>
  );
}
