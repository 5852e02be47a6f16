import { eventFormPath, eventViewPath, isoDay, monthKeyOf, monthsBetween, parseMonthKey } from './event-paths';

test('a month asks for itself, a week across a month’s end for both months, a year’s end too', () => {
  expect(monthsBetween(new Date(2027, 2, 1), new Date(2027, 3, 1))).toEqual([{ year: 2027, month: 3 }]);
  expect(monthsBetween(new Date(2027, 2, 28), new Date(2027, 3, 4))).toEqual([
    { year: 2027, month: 3 },
    { year: 2027, month: 4 },
  ]);
  expect(monthsBetween(new Date(2026, 11, 27), new Date(2027, 0, 3))).toEqual([
    { year: 2026, month: 12 },
    { year: 2027, month: 1 },
  ]);
});

test('reads and writes the saved month and local days', () => {
  expect(monthKeyOf(new Date(2027, 0, 31))).toBe('2027-01');
  expect(parseMonthKey('2027-03')).toEqual({ year: 2027, month: 3 });
  expect(parseMonthKey('2027-13')).toBeNull();
  expect(parseMonthKey('March')).toBeNull();
  expect(isoDay(new Date(2027, 2, 9, 23, 30))).toBe('2027-03-09');
});

test('names the view and the form of a day', () => {
  expect(eventViewPath(8, '2027-03-16')).toBe('/event-calender/view/8?date=2027-03-16');
  expect(eventFormPath(7, '2027-03-16')).toBe('/event-calender/form/7?date=2027-03-16');
  expect(eventFormPath(7, null)).toBe('/event-calender/form/7');
});
