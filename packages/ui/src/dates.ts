/** @baridesk/ui/dates: date and time pickers, MM/dd/yyyy and 12-hour (see index.ts for the entries). */
export {
  DatePicker,
  toDisplayDate,
  fromDisplayDate,
  DATE_DISPLAY_FORMAT,
  DATE_VALUE_FORMAT,
  type DatePickerProps,
} from './date-picker';
export { DatePickerField, type DatePickerFieldProps } from './date-picker-field';
export { MonthCalendar, type MonthCalendarProps } from './month-calendar';
export { TimePicker, toDisplayTime, fromDisplayTime, type TimePickerProps } from './time-picker';
export { TimePickerField, type TimePickerFieldProps } from './time-picker-field';
export { RecurrenceFields, type RecurrenceFieldsProps } from './recurrence-fields';
export {
  EventFields,
  EventDetails,
  EVENT_FORM_BLANK,
  EventRecord,
  eventFormValues,
  eventLocationChoices,
  type EventFieldsProps,
  type EventDetailsProps,
  type EventRecordProps,
  type EventFormValues,
} from './event-fields';
