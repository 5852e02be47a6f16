import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { Button, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import { usePatient } from '../api/get-patient';
import { patientCrumbs } from '../../../utils/patient-crumbs';

export type PatientLogKind = 'Food log' | 'Weight log' | 'Nutrition report';

const LOG_PATHS: Record<PatientLogKind, string> = {
  'Food log': 'food-log',
  'Weight log': 'weight-log',
  'Nutrition report': 'nutrition-report',
};

export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

export type PatientLogFrameProps = {
  kind: PatientLogKind;
  patientId: number | null;
  /** The log's own call answered 404 (the patient is gone, or not of the caller's program). */
  notFound?: boolean;
  children: ReactNode;
};

/**
 * The frame of a patient's log screen: "<log>: <patient name>" as the title (just the log's name until
 * the patient is known, or if the patient cannot be read), the way back to the patient and to the
 * other logs, and "Patient not found" for an address that names no patient of the program.
 */
export function PatientLogFrame({ kind, patientId, notFound = false, children }: PatientLogFrameProps) {
  const patient = usePatient(patientId);
  const missing = patientId === null || notFound || isNotFound(patient.error);

  if (missing)
    return (
      <PageFrame title="Patient not found">
        <Stack gap="3" align="start">
          <Text role="alert">Patient not found. The address names no patient of your program.</Text>
          <Link asChild>
            <RouterLink to="/manage-patients">Back to the patient list</RouterLink>
          </Link>
        </Stack>
      </PageFrame>
    );

  const name = patient.data?.name;
  return (
    <PageFrame
      title={name ? `${kind}: ${name}` : kind}
      breadcrumbs={patientCrumbs({ id: patientId, name: name ?? 'Patient' }, kind)}
      actions={
        <>
          {(Object.keys(LOG_PATHS) as PatientLogKind[])
            .filter((other) => other !== kind)
            .map((other) => (
              <Button key={other} asChild size="sm" variant="outline" colorPalette="gray">
                <RouterLink to={`/${LOG_PATHS[other]}/${patientId}`}>{other}</RouterLink>
              </Button>
            ))}
          <Button asChild size="sm" variant="outline">
            <RouterLink to={`/patient-detail/${patientId}`}>Back to patient</RouterLink>
          </Button>
        </>
      }
    >
      {children}
    </PageFrame>
  );
}
