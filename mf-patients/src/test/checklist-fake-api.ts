/**
 * A patient's checklist as the fake API keeps it: GET /checklists/{id} answers it, update-detail ticks
 * and unticks its items and works out the counts like the server, so a screen's progress can be seen
 * to follow. Other routes are the test's to answer.
 */
import type { ChecklistAutoMove, PatientChecklist, PipelineCard } from '@baridesk/contracts';
import { CHECKLIST_MESSAGES } from '@baridesk/contracts';
import type { FakeApi, FakeRequest } from '@baridesk/testing';

export type ChecklistFake = {
  /** The checklist as it now is. */
  current: () => PatientChecklist;
  /** Replaces it (what the next GET answers). */
  set: (next: PatientChecklist) => void;
  /** The moves the next tick answers with. */
  movesOnNextTick: (moves: ChecklistAutoMove[]) => void;
};

const countsOf = (checklist: PatientChecklist): PatientChecklist => {
  const completed = checklist.items.filter((item) => item.completed === 1).length;
  const total = checklist.items.length;
  return { ...checklist, completed, total, percent: total === 0 ? 0 : Math.floor((100 * completed) / total) };
};

export function fakeChecklist(api: FakeApi, initial: PatientChecklist, checker = { id: 201, name: 'Jordan Ellis' }): ChecklistFake {
  let checklist = countsOf(initial);
  let nextMoves: ChecklistAutoMove[] = [];
  const patientId = initial.patient.id;

  api.on(`GET /checklists/${patientId}`, () => ({ status: 200, json: { data: checklist } }));
  api.on('POST /checklists/update-detail', ({ body }: FakeRequest) => {
    const { id, completed, due_date } = body as { id: number; completed?: 0 | 1; due_date?: string | null };
    const item = checklist.items.find((entry) => entry.id === id);
    if (!item) return { status: 404, json: { message: CHECKLIST_MESSAGES.itemNotFound } };
    const changed = {
      ...item,
      ...(completed === undefined
        ? {}
        : completed === 1
          ? { completed: 1 as const, completed_at: '2026-03-05T15:04:00.000Z', completed_by: checker, overdue: false }
          : { completed: 0 as const, completed_at: null, completed_by: null }),
      ...(due_date === undefined ? {} : { due_date }),
    };
    checklist = countsOf({ ...checklist, items: checklist.items.map((entry) => (entry.id === id ? changed : entry)) });
    const moves = nextMoves;
    nextMoves = [];
    const status = moves.at(-1)?.to_status ?? checklist.patient.pipeline_status;
    if (moves.length > 0) checklist = { ...checklist, patient: { ...checklist.patient, pipeline_status: status } };
    const card: PipelineCard = {
      id: patientId,
      name: checklist.patient.name,
      pipeline_status_id: status?.id ?? null,
      status_since: '2026-03-01T12:00:00.000Z',
      days_in_status: 4,
      checklist_percent: checklist.percent,
      checklist_deactivated: checklist.patient.checklist_deactivate,
      surgery_date: checklist.patient.surgery_date,
    };
    const message = completed === 1 ? CHECKLIST_MESSAGES.ticked : completed === 0 ? CHECKLIST_MESSAGES.unticked : CHECKLIST_MESSAGES.detailSaved;
    return {
      status: 200,
      json: { data: { item: changed, completed: checklist.completed, total: checklist.total, percent: checklist.percent, moves, card }, message },
    };
  });

  return {
    current: () => checklist,
    set: (next) => {
      checklist = countsOf(next);
    },
    movesOnNextTick: (moves) => {
      nextMoves = moves;
    },
  };
}
