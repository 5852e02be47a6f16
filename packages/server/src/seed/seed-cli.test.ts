import { parseArgs } from '../entry/seed';

describe('pnpm seed arguments', () => {
  it('loads the demo data without flags', () => {
    expect(parseArgs([])).toEqual({ kind: 'demo' });
    expect(parseArgs(['--'])).toEqual({ kind: 'demo' });
  });

  it('reads --scale in both forms, with separators', () => {
    expect(parseArgs(['--scale', '1000'])).toMatchObject({ kind: 'scale', patients: 1000 });
    expect(parseArgs(['--scale=1_000_000'])).toMatchObject({ kind: 'scale', patients: 1_000_000 });
    expect(parseArgs(['--scale', '1e6', '--programs=3', '--jobs', '2'])).toEqual({
      kind: 'scale',
      patients: 1_000_000,
      programs: 3,
      jobs: 2,
    });
  });

  it('reads --food-logs with --scale, 0 included', () => {
    expect(parseArgs(['--scale', '10', '--food-logs', '0'])).toEqual({ kind: 'scale', patients: 10, foodLogs: 0 });
    expect(parseArgs(['--scale=10', '--food-logs=35'])).toMatchObject({ foodLogs: 35 });
    expect(() => parseArgs(['--food-logs', '5'])).toThrow('only go with --scale');
    expect(() => parseArgs(['--scale', '5', '--food-logs', '-1'])).toThrow('--food-logs needs a whole number of 0');
  });

  it('reads --admin and --audit-records with --scale', () => {
    expect(parseArgs(['--scale', '1e6', '--admin', '--audit-records', '10_000_000'])).toEqual({
      kind: 'scale',
      patients: 1_000_000,
      admin: true,
      auditRecords: 10_000_000,
    });
    expect(parseArgs(['--scale=20', '--admin'])).toEqual({ kind: 'scale', patients: 20, admin: true });
    expect(() => parseArgs(['--admin'])).toThrow('only go with --scale');
    expect(() => parseArgs(['--scale', '5', '--audit-records', '9'])).toThrow('--audit-records only goes with --admin');
    expect(() => parseArgs(['--scale', '5', '--admin', '--food-logs', '2'])).toThrow('--admin makes no food logs');
  });

  it('shows the usage for --help', () => {
    expect(parseArgs(['--scale', '5', '--help'])).toEqual({ kind: 'help' });
  });

  it('refuses what it does not know', () => {
    expect(() => parseArgs(['--scale'])).toThrow('--scale needs a number.');
    expect(() => parseArgs(['--scale', 'many'])).toThrow('--scale needs a whole number');
    expect(() => parseArgs(['--scale=-5'])).toThrow('--scale needs a whole number');
    expect(() => parseArgs(['--scale=2.5'])).toThrow('--scale needs a whole number');
    expect(() => parseArgs(['--programs', '0', '--scale', '10'])).toThrow('--programs needs a whole number of 1');
    expect(() => parseArgs(['--programs', '2'])).toThrow('only go with --scale');
    expect(() => parseArgs(['--jobs', '2'])).toThrow('only go with --scale');
    expect(() => parseArgs(['--seed'])).toThrow('Unknown argument "--seed".');
  });
});
