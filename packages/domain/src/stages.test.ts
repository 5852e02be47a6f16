import { DEFAULT_THIRD_CHECKLIST_NAME, isStageId, STAGES, stageIdOf, stageLabel } from './stages';

describe('stages', () => {
  it('lists the three stages with their labels', () => {
    expect(STAGES).toEqual([
      { id: 1, label: 'Pre-Op' },
      { id: 2, label: 'Post-Op' },
      { id: 3, label: 'Weight-Management' },
    ]);
  });

  it('names the default third checklist without the hyphen', () => {
    expect(DEFAULT_THIRD_CHECKLIST_NAME).toBe('Weight Management');
  });

  it('labels each stage', () => {
    expect(stageLabel(1)).toBe('Pre-Op');
    expect(stageLabel(2)).toBe('Post-Op');
    expect(stageLabel(3)).toBe('Weight-Management');
  });

  it('returns undefined for unknown ids', () => {
    expect(stageLabel(0)).toBeUndefined();
    expect(stageLabel(4)).toBeUndefined();
    expect(stageLabel('1')).toBeUndefined();
    expect(stageLabel(null)).toBeUndefined();
  });

  it('accepts only the numbers 1, 2 and 3 as stage ids', () => {
    expect(isStageId(1)).toBe(true);
    expect(isStageId(2)).toBe(true);
    expect(isStageId(3)).toBe(true);
    expect(isStageId(0)).toBe(false);
    expect(isStageId(-1)).toBe(false);
    expect(isStageId(1.5)).toBe(false);
    expect(isStageId('2')).toBe(false);
    expect(isStageId(NaN)).toBe(false);
    expect(isStageId(undefined)).toBe(false);
  });
});

describe('stageIdOf', () => {
  it('keeps 1, 2 and 3 and reads anything else as Pre-Op', () => {
    expect([1, 2, 3, 0, 4, -1].map(stageIdOf)).toEqual([1, 2, 3, 1, 1, 1]);
  });
});
