import { SESSION_WARNING_MESSAGE, sessionPhase } from './session';

describe('sessionPhase', () => {
  it('is active below 85 minutes', () => {
    expect(sessionPhase(0)).toBe('active');
    expect(sessionPhase(84)).toBe('active');
    expect(sessionPhase(84.9)).toBe('active');
  });

  it('warns from 85 up to 90 minutes', () => {
    expect(sessionPhase(85)).toBe('warning');
    expect(sessionPhase(89)).toBe('warning');
  });

  it('expires at 90 minutes and later', () => {
    expect(sessionPhase(90)).toBe('expired');
    expect(sessionPhase(500)).toBe('expired');
    expect(sessionPhase(Infinity)).toBe('expired');
  });

  it('treats negative and NaN counters as active', () => {
    expect(sessionPhase(-1)).toBe('active');
    expect(sessionPhase(NaN)).toBe('active');
  });

  it('words the warning as specified', () => {
    expect(SESSION_WARNING_MESSAGE).toBe('You\u2019ll be automatically logged out in 5 minutes due to inactivity.');
  });
});
