import { DEMO_NOTE_DAYS, generatePatientNotes, noteRng, type NotedPatient } from './notes';

const NOW = new Date('2031-03-01T12:00:00Z');
const DAY = 86_400_000;
const patient = (overrides: Partial<NotedPatient> = {}): NotedPatient => ({
  id: 7,
  programId: 101,
  stage: 2,
  createdAt: new Date(NOW.getTime() - 400 * DAY),
  ...overrides,
});

describe('generatePatientNotes', () => {
  it('makes the same notes from the same seed, and others from another', () => {
    const one = generatePatientNotes(noteRng(2026, 3), patient(), [101, 201], NOW);
    expect(generatePatientNotes(noteRng(2026, 3), patient(), [101, 201], NOW)).toEqual(one);
    expect(generatePatientNotes(noteRng(2026, 4), patient(), [101, 201], NOW)).not.toEqual(one);
  });

  it('writes 1 to 5 internal notes and up to 4 checklist notes by the authors given, in the last 90 days', () => {
    const from = NOW.getTime() - DEMO_NOTE_DAYS * DAY;
    const types = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const notes = generatePatientNotes(noteRng(1, n), patient(), [101, 201], NOW);
      expect(notes.internal.length).toBeGreaterThanOrEqual(1);
      expect(notes.internal.length).toBeLessThanOrEqual(5);
      expect(notes.checklist.length).toBeLessThanOrEqual(4);
      for (const note of [...notes.internal, ...notes.checklist]) {
        expect([101, 201]).toContain(note.created_by);
        expect(note).toMatchObject({ program_id: 101, patient_id: 7 });
        const at = (note.created_at as Date).getTime();
        expect(at).toBeGreaterThanOrEqual(from);
        expect(at).toBeLessThanOrEqual(NOW.getTime());
      }
      // Checklist notes only on the stages the patient has reached.
      for (const note of notes.checklist) expect([1, 2]).toContain(note.stage);
      notes.internal.forEach((note) => types.add(note.note_type as string));
    }
    expect([...types].sort()).toEqual(['clinical', 'general', 'insurance', 'nutrition', 'pipeline']);
  });

  it('dates a new patient’s notes after the patient was added, and makes none without authors', () => {
    const added = new Date(NOW.getTime() - 3 * DAY);
    const notes = generatePatientNotes(noteRng(1, 1), patient({ createdAt: added, stage: 1 }), [101], NOW);
    for (const note of [...notes.internal, ...notes.checklist]) expect((note.created_at as Date) >= added).toBe(true);
    expect(notes.checklist.every((note) => note.stage === 1)).toBe(true);
    expect(generatePatientNotes(noteRng(1, 1), patient(), [], NOW)).toEqual({ internal: [], checklist: [] });
  });
});
