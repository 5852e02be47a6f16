import type { Crumb } from '@baridesk/ui';

type PatientNamed = { id: number; name: string };

/**
 * The breadcrumbs of a patient's pages: Patients (the list), the patient, then the page below the record
 * (Edit, Weight Log, …) when there is one. While the patient loads, or when there is none, it is named
 * "Patient" and is no link. Shared by the record, its edit form, the logs and the checklist.
 */
export function patientCrumbs(patient: PatientNamed | undefined, page?: string): Crumb[] {
  const list: Crumb = { label: 'Patients', to: '/manage-patients' };
  const name = patient?.name ?? 'Patient';
  if (page === undefined) return [list, { label: name }];
  return [list, { label: name, to: patient ? `/patient-detail/${patient.id}` : undefined }, { label: page }];
}
