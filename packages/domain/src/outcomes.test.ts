import {
  bmi,
  bmiFromImperial,
  IMPERIAL_BMI_FACTOR,
  idealWeightAtBmi,
  percentExcessBmiLoss,
  percentExcessWeightLoss,
  percentTotalWeightLoss,
  REFERENCE_BMI,
  round1,
  FOLLOW_UP_WINDOW_IDS,
  FOLLOW_UP_WINDOWS,
  followUpState,
  idealWeightLbAtBmi,
  meanOf,
  OUTCOME_MILESTONE_WINDOWS,
  OUTCOME_MILESTONES,
  weightOutcome,
} from './outcomes';

/** Inputs that can never be used as a weight, height or BMI. */
const unusable = [null, undefined, 0, -70, NaN, Infinity, -Infinity];

describe('constants', () => {
  it('fixes the reference BMI and imperial factor', () => {
    expect(REFERENCE_BMI).toBe(25);
    expect(IMPERIAL_BMI_FACTOR).toBe(703);
  });
});

describe('round1', () => {
  it('rounds to one decimal', () => {
    expect(round1(44.982698961937714)).toBe(45);
    expect(round1(28.693877551020407)).toBe(28.7);
    expect(round1(51.94805194805195)).toBe(51.9);
    expect(round1(20)).toBe(20);
    expect(round1(0.04)).toBe(0);
  });

  it('rounds halves away from zero, by the shortest decimal form', () => {
    expect(round1(1.25)).toBe(1.3);
    expect(round1(1.45)).toBe(1.5); // binary 1.4499999999999999556, still shown as 1.45
    expect(round1(1.05)).toBe(1.1);
    expect(round1(-1.25)).toBe(-1.3);
    expect(round1(-12.34)).toBe(-12.3);
  });

  it('handles tiny, huge and negative-zero results', () => {
    expect(round1(1e-7)).toBe(0);
    expect(round1(1e21)).toBe(1e21);
    expect(Object.is(round1(-0.04), 0)).toBe(true);
  });

  it('passes null through and rejects non-finite input', () => {
    expect(round1(null)).toBeNull();
    expect(round1(undefined)).toBeNull();
    expect(round1(NaN)).toBeNull();
    expect(round1(Infinity)).toBeNull();
  });
});

describe('bmi', () => {
  it('divides kilograms by metres squared', () => {
    expect(bmi(100, 2)).toBe(25); // 100 / 4
    expect(bmi(72, 1.2)).toBeCloseTo(50, 10); // 72 / 1.44
    // 130 / 1.7² = 130 / 2.89 = 44.98269896… -> 45.0
    expect(round1(bmi(130, 1.7))).toBe(45);
    // 81 / 1.8² = 81 / 3.24 = 25.0
    expect(round1(bmi(81, 1.8))).toBe(25);
  });

  it('returns null for missing, zero, negative or non-finite input', () => {
    for (const value of unusable) {
      expect(bmi(value, 1.7)).toBeNull();
      expect(bmi(100, value)).toBeNull();
    }
  });
});

describe('bmiFromImperial', () => {
  it('uses the 703 factor', () => {
    // 703 × 200 / 70² = 140600 / 4900 = 28.6938… -> 28.7
    expect(round1(bmiFromImperial(200, 70))).toBe(28.7);
    // 703 × 100 / 10² = 70300 / 100 = 703
    expect(bmiFromImperial(100, 10)).toBe(703);
    // 703 × 300 / 65² = 210900 / 4225 = 49.9171… -> 49.9
    expect(round1(bmiFromImperial(300, 65))).toBe(49.9);
  });

  it('returns null for missing, zero, negative or non-finite input', () => {
    for (const value of unusable) {
      expect(bmiFromImperial(value, 70)).toBeNull();
      expect(bmiFromImperial(200, value)).toBeNull();
    }
  });
});

describe('percentTotalWeightLoss', () => {
  it('is the share of the starting weight lost', () => {
    // (130 − 104) / 130 × 100 = 26 / 130 × 100 = 20
    expect(percentTotalWeightLoss(130, 104)).toBe(20);
    // (150 − 100) / 150 × 100 = 33.333… -> 33.3
    expect(round1(percentTotalWeightLoss(150, 100))).toBe(33.3);
    expect(percentTotalWeightLoss(120, 120)).toBe(0);
  });

  it('is negative when weight was gained', () => {
    // (100 − 110) / 100 × 100 = −10
    expect(percentTotalWeightLoss(100, 110)).toBe(-10);
  });

  it('returns null for missing, zero, negative or non-finite input', () => {
    for (const value of unusable) {
      expect(percentTotalWeightLoss(value, 100)).toBeNull();
      expect(percentTotalWeightLoss(100, value)).toBeNull();
    }
  });
});

describe('idealWeightAtBmi', () => {
  it('defaults to BMI 25', () => {
    // 25 × 2² = 100
    expect(idealWeightAtBmi(2)).toBe(100);
    // 25 × 1.7² = 25 × 2.89 = 72.25
    expect(round1(idealWeightAtBmi(1.7))).toBe(72.3);
    expect(idealWeightAtBmi(1.7)).toBeCloseTo(72.25, 10);
  });

  it('takes another target BMI', () => {
    // 30 × 2² = 120
    expect(idealWeightAtBmi(2, 30)).toBe(120);
    // 22 × 1.5² = 22 × 2.25 = 49.5
    expect(idealWeightAtBmi(1.5, 22)).toBe(49.5);
  });

  it('returns null for missing, zero, negative or non-finite input', () => {
    for (const value of unusable) {
      expect(idealWeightAtBmi(value)).toBeNull();
      if (value !== undefined) expect(idealWeightAtBmi(1.7, value)).toBeNull();
    }
  });
});

describe('percentExcessWeightLoss', () => {
  it('is the share of the excess over the BMI-25 weight that was lost', () => {
    // ideal = 25 × 2² = 100; excess = 150 − 100 = 50; lost = 150 − 125 = 25; 25 / 50 × 100 = 50
    expect(percentExcessWeightLoss(150, 125, 2)).toBe(50);
    // ideal = 25 × 1.7² = 72.25; excess = 130 − 72.25 = 57.75; lost = 30; 30 / 57.75 × 100 = 51.948… -> 51.9
    expect(round1(percentExcessWeightLoss(130, 100, 1.7))).toBe(51.9);
    // losing more than the excess goes past 100: (150 − 90) / 50 × 100 = 120
    expect(percentExcessWeightLoss(150, 90, 2)).toBe(120);
  });

  it('is negative when weight was gained', () => {
    // (150 − 160) / 50 × 100 = −20
    expect(percentExcessWeightLoss(150, 160, 2)).toBe(-20);
  });

  it('returns null when there was no excess weight', () => {
    expect(percentExcessWeightLoss(100, 90, 2)).toBeNull(); // initial equals the BMI-25 weight
    expect(percentExcessWeightLoss(80, 70, 2)).toBeNull(); // initial below it
  });

  it('returns null for missing, zero, negative or non-finite input', () => {
    for (const value of unusable) {
      expect(percentExcessWeightLoss(value, 100, 1.7)).toBeNull();
      expect(percentExcessWeightLoss(130, value, 1.7)).toBeNull();
      expect(percentExcessWeightLoss(130, 100, value)).toBeNull();
    }
  });
});

describe('percentExcessBmiLoss', () => {
  it('is the share of the BMI above 25 that was lost', () => {
    // (45 − 35) / (45 − 25) × 100 = 10 / 20 × 100 = 50
    expect(percentExcessBmiLoss(45, 35)).toBe(50);
    // (40 − 30) / (40 − 25) × 100 = 10 / 15 × 100 = 66.666… -> 66.7
    expect(round1(percentExcessBmiLoss(40, 30))).toBe(66.7);
    // (40 − 40) / 15 × 100 = 0
    expect(percentExcessBmiLoss(40, 40)).toBe(0);
    // (40 − 42) / 15 × 100 = −13.333… -> −13.3
    expect(round1(percentExcessBmiLoss(40, 42))).toBe(-13.3);
  });

  it('returns null when the initial BMI is 25 or less', () => {
    expect(percentExcessBmiLoss(25, 24)).toBeNull();
    expect(percentExcessBmiLoss(22, 20)).toBeNull();
  });

  it('returns null for missing, zero, negative or non-finite input', () => {
    for (const value of unusable) {
      expect(percentExcessBmiLoss(value, 30)).toBeNull();
      expect(percentExcessBmiLoss(40, value)).toBeNull();
    }
  });
});

describe('weightOutcome (pounds, inches)', () => {
  // 66 in tall: BMI-25 weight = 25 × 66² / 703 = 108900 / 703 = 154.9075… lb.
  const height = 66;
  const ideal = 108900 / 703;

  it('computes the BMI-25 weight in pounds', () => {
    expect(idealWeightLbAtBmi(height)).toBeCloseTo(154.9075, 4);
    expect(idealWeightLbAtBmi(null)).toBeNull();
    expect(idealWeightLbAtBmi(0)).toBeNull();
  });

  it('matches a hand computation', () => {
    // start 300 lb, now 240 lb: %TWL = 60 / 300 = 20 %; %EWL = 60 / (300 − 154.9075) = 41.353…
    const o = weightOutcome(300, 240, height);
    expect(o.twl).toBeCloseTo(20, 10);
    expect(o.ewl).toBeCloseTo((60 / (300 - ideal)) * 100, 10);
    expect(round1(o.ewl)).toBe(41.4);
    // BMI0 = 703 × 300 / 4356 = 48.4159…, BMI = 703 × 240 / 4356 = 38.7327…: (9.6832) / (23.4159) = 41.353…
    const bmi0 = (703 * 300) / 4356;
    const bmi1 = (703 * 240) / 4356;
    expect(o.ebmil).toBeCloseTo(((bmi0 - bmi1) / (bmi0 - 25)) * 100, 10);
    expect(round1(o.ebmil)).toBe(41.4);
  });

  it('gives only %TWL without a height', () => {
    expect(weightOutcome(250, 200, null)).toEqual({ twl: 20, ewl: null, ebmil: null });
  });

  it('is null for the excess measures when the start is at or below BMI 25', () => {
    const o = weightOutcome(150, 140, height);
    expect(o.twl).toBeCloseTo(6.6667, 4);
    expect(o.ewl).toBeNull();
    expect(o.ebmil).toBeNull();
  });

  it('is negative when weight was gained and null for unusable weights', () => {
    expect(weightOutcome(200, 210, 70).twl).toBe(-5);
    for (const bad of unusable) {
      expect(weightOutcome(bad, 200, 70)).toEqual({ twl: null, ewl: null, ebmil: null });
      expect(weightOutcome(250, bad, 70)).toEqual({ twl: null, ewl: null, ebmil: null });
    }
  });
});

describe('meanOf', () => {
  it('averages the known values and counts them', () => {
    expect(meanOf([10, null, 20, undefined, 30])).toEqual({ mean: 20, count: 3 });
    expect(meanOf([])).toEqual({ mean: null, count: 0 });
    expect(meanOf([null, NaN])).toEqual({ mean: null, count: 0 });
  });
});

describe('milestone and follow-up windows', () => {
  it('keeps each window around its target and apart from the next', () => {
    const windows = [...OUTCOME_MILESTONES.map((m) => OUTCOME_MILESTONE_WINDOWS[m])];
    for (const list of [windows, [...FOLLOW_UP_WINDOWS]]) {
      list.forEach((w, i) => {
        expect(w.open).toBeLessThan(w.target);
        expect(w.target).toBeLessThan(w.close);
        if (i > 0) expect(w.open).toBeGreaterThan(list[i - 1]!.close);
      });
    }
  });

  it('lists 30 days, 6 months, 1 year, then yearly to year 5', () => {
    expect(FOLLOW_UP_WINDOWS.map((w) => w.id)).toEqual([...FOLLOW_UP_WINDOW_IDS]);
    expect(FOLLOW_UP_WINDOWS.find((w) => w.id === '3y')).toEqual({ id: '3y', label: '3 years', open: 1005, target: 1095, close: 1185 });
  });

  it('says due, overdue or seen', () => {
    const w = { open: 120, target: 182, close: 240 };
    expect(followUpState(w, 119, false)).toBeNull();
    expect(followUpState(w, 120, false)).toBe('due');
    expect(followUpState(w, 182, false)).toBe('due');
    expect(followUpState(w, 183, false)).toBe('overdue');
    expect(followUpState(w, 400, false)).toBe('overdue');
    expect(followUpState(w, 150, true)).toBe('seen');
  });
});
