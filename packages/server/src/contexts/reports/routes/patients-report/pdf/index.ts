import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import {
  FULL_REPORT_WATER_DAYS,
  SUMMARY_INTERNAL_NOTES,
  patientReportPdfQuery,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { patientNotFound } from '../../../../patients';
import { patientReportFileName, renderPatientReport, type ReportWater } from '../../../patient-pdf';
import { inMenuArea } from '../../../../../lib/menu-area';

const ACTION = 'patient.report.pdf';

/**
 * GET /api/patients-report/pdf?patientId&type: one patient's report as a PDF download ('summary' or
 * 'full'). Program staff only, not self-service accounts; another program's patient is not found (404,
 * JSON). Each download is audited with the patient and the type, never with what the report holds.
 */
export default async function patientReportPdfRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '',
    {
      schema: {
        querystring: patientReportPdfQuery,
        tags: ['Reports'],
        summary: 'A patient report as a PDF file (application/pdf attachment)',
      },
    },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      const { patientId, type } = request.query;
      const now = fastify.clock.now();
      const [patient, logged, program] = await Promise.all([
        fastify.patients.find(scope, patientId, now),
        fastify.patientLogs.findPatient(scope, patientId, now),
        fastify.patientReport.program(scope),
      ]);
      if (!patient || !logged || !program) return patientNotFound(fastify, request, patientId, ACTION, { type });

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
      await fastify.audit.record(request, {
        action: ACTION,
        entity: 'patient',
        entityId: patientId,
        patientId,
        // What was produced, never what it says.
        detail: { type, pages },
      });
      const fileName = patientReportFileName(patientId, type, today);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(document);
    },
  );
}
