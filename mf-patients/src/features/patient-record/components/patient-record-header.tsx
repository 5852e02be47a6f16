import { useId, type ReactNode } from 'react';
import type { PatientRecord } from '@baridesk/contracts';
import { formatAmount, formatDate, percentTotalWeightLoss, round1, stageLabel } from '@baridesk/domain';
import { Card, chakra, SummaryFact } from '@baridesk/ui';

/** Today as the record's dates are written (YYYY-MM-DD), in the browser's zone. */
const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Where the patient stands against the surgery date: after it, before it, or without one. */
function surgeryLine(patient: PatientRecord): string {
  if (!patient.surgery_date) return 'No surgery date';
  const date = formatDate(patient.surgery_date);
  if (patient.surgery_date > todayIso()) return `Surgery on ${date}, in ${patient.surgery_date_difference}`;
  if (patient.surgery_date === todayIso()) return `Surgery today, ${date}`;
  return `${patient.surgery_date_difference} since surgery on ${date}`;
}

/**
 * %TWL (domain outcomes) from the starting weight to the current one, which is what the program counts
 * the loss from; "—" without both weights.
 */
function TotalWeightLoss({ patient }: { patient: PatientRecord }) {
  const twl = round1(percentTotalWeightLoss(patient.starting_weight, patient.current_weight));
  const detail =
    twl === null
      ? 'Needs a starting and a current weight'
      : `From ${formatAmount(patient.starting_weight ?? 0)} lb to ${formatAmount(patient.current_weight ?? 0)} lb`;
  return (
    <SummaryFact term="%TWL" detail={detail}>
      {twl === null ? '—' : `${formatAmount(twl)}%`}
    </SummaryFact>
  );
}

export type PatientRecordHeaderProps = {
  patient: PatientRecord;
  /** More facts between the stage and the outcome (the app puts the pipeline status and checklist there). */
  children?: ReactNode;
};

/**
 * The top of a patient's record: where the patient is (stage, and what the app adds: pipeline status and
 * checklist progress) and how it is going (%TWL), so none of it is at the bottom of a long page.
 */
export function PatientRecordHeader({ patient, children }: PatientRecordHeaderProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body py="4">
        <chakra.h2 id={headingId} srOnly>
          Summary
        </chakra.h2>
        <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }} gap="5">
          <SummaryFact term="Stage" detail={surgeryLine(patient)}>
            {stageLabel(patient.current_stage)}
          </SummaryFact>
          {children}
          <TotalWeightLoss patient={patient} />
        </chakra.dl>
      </Card.Body>
    </Card.Root>
  );
}
