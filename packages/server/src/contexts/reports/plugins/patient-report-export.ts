import fp from 'fastify-plugin';
import { DateTime } from 'luxon';
import { FULL_REPORT_WATER_DAYS, PATIENT_REPORT_MESSAGES, SUMMARY_INTERNAL_NOTES, type PatientReportPdfQuery } from '@baridesk/contracts';
import { ExportFailure } from '../exports/definitions';
import { patientReportFileName, renderPatientReport, type ReportWater } from '../patient-pdf';

export const PATIENT_REPORT_EXPORT = 'patient-report';

/**
 * One patient's PDF report ('summary' or 'full', GET /api/patients-report/pdf) on the export kit: a PDF
 * is always made by a job (docs/exports.md). The route has found the patient in the caller's program
 * first (404 otherwise); the job reads everything again when it runs, so the report is as of then.
 * Audited with the patient and the type, never with what the report holds.
 */
export default fp(
  async (fastify) => {
    fastify.reportExports.define<PatientReportPdfQuery>({
      kind: PATIENT_REPORT_EXPORT,
      format: 'pdf',
      area: 'patients',
      fileName: (_scope, { patientId, type }, today) => patientReportFileName(patientId, type, today),
      audit: ({ patientId, type }) => ({ action: 'patient.report.pdf', entity: 'patient', entityId: patientId, patientId, detail: { type } }),
      async render(scope, { patientId, type }) {
        const now = fastify.clock.now();
        const [patient, logged, program] = await Promise.all([
          fastify.patients.find(scope, patientId, now),
          fastify.patientLogs.findPatient(scope, patientId, now),
          fastify.patientReport.program(scope),
        ]);
        // Removed (or moved out of the program) since it was asked for.
        if (!patient || !logged || !program) throw new ExportFailure(PATIENT_REPORT_MESSAGES.patientNotFound);

        const full = type === 'full';
        const today = logged.today;
        const waterFrom = DateTime.fromISO(today, { zone: 'UTC' })
          .minus({ days: FULL_REPORT_WATER_DAYS - 1 })
          .toISODate() as string;
        const [weights, internalNotes, checklistNotes, water] = await Promise.all([
          fastify.patientLogs.weightChart(scope, logged),
          fastify.patientNotes.listInternal(scope, patientId, { page: 1, perPage: full ? 'All' : SUMMARY_INTERNAL_NOTES }),
          full ? fastify.patientNotes.listChecklist(scope, patientId) : undefined,
          // The water read takes any span of days; month and year only label its answer.
          full
            ? fastify.patientLogs.waterLogs(scope, logged, {
                month: Number(today.slice(5, 7)),
                year: Number(today.slice(0, 4)),
                from: waterFrom,
                to: today,
              })
            : undefined,
        ]);
        const reportWater: ReportWater | undefined = water && {
          from: waterFrom,
          to: today,
          days: water.days,
          total: water.total,
          average: water.average,
          goal: water.goal,
        };
        const { document, pages } = renderPatientReport({
          type,
          generatedAt: now,
          program,
          patient,
          weights,
          internalNotes: { notes: internalNotes.data, total: internalNotes.total },
          checklistNotes,
          water: reportWater,
        });
        return { document, pages, patientIds: [patientId] };
      },
    });
  },
  {
    name: 'patient-report-export',
    dependencies: ['report-exports', 'patient-report-repository', 'patients-repository', 'patient-logs-repository', 'patient-notes-repository'],
  },
);
