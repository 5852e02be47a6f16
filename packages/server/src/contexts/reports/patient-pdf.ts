/**
 * The patient PDF report: data in, a finished PDF document (a readable stream) out. No database and no
 * HTTP here, so it can be tested and measured on its own. Drawn with pdfkit's built-in Helvetica, which
 * needs no font files; see pdfText for what that means for characters outside Western European text.
 */
import { DateTime } from 'luxon';
import PDFDocument from 'pdfkit';
import {
  PATIENT_REPORT_TYPE_LABELS,
  SUMMARY_INTERNAL_NOTES,
  SUMMARY_WEIGH_INS,
  type ChecklistNote,
  type InternalNote,
  type PatientRecord,
  type PatientReportType,
  type WeightChart,
  type WeightChartPoint,
} from '@baridesk/contracts';
import { DISPLAY_LOCALE, REFERENCE_BMI, formatAmount, formatDate, formatDateTime, formatPhone, round1, stageLabel } from '@baridesk/domain';
import type { ReportProgram } from './plugins/patient-report-repository';

/** The water totals of the full report: every day from `from` to `to` ("yyyy-MM-dd"), fluid ounces. */
export interface ReportWater {
  from: string;
  to: string;
  /** The days with a log (others count as not logged). */
  days: readonly { date: string; total: number }[];
  total: number;
  /** Over the days with a total above 0. */
  average: number;
  goal: number | null;
}

export interface PatientReportData {
  type: PatientReportType;
  generatedAt: Date;
  program: ReportProgram;
  patient: PatientRecord;
  weights: WeightChart;
  /** Newest first: the latest SUMMARY_INTERNAL_NOTES for a summary, all for a full report; `total` counts all. */
  internalNotes: { notes: readonly InternalNote[]; total: number };
  /** Full report only: every checklist note, newest first. */
  checklistNotes?: readonly ChecklistNote[];
  /** Full report only. */
  water?: ReportWater;
}

export type PaperSize = 'LETTER' | 'A4';

/**
 * The time zones of the United States and its territories: programs there print on Letter paper, the
 * rest of the world on A4. Programs record no country, so their time zone tells.
 */
const US_TIME_ZONES = new Set([
  'America/New_York', 'America/Detroit', 'America/Kentucky/Louisville', 'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis', 'America/Indiana/Vincennes', 'America/Indiana/Winamac', 'America/Indiana/Marengo',
  'America/Indiana/Petersburg', 'America/Indiana/Vevay', 'America/Indiana/Tell_City', 'America/Indiana/Knox',
  'America/Indianapolis', 'America/Fort_Wayne', 'America/Louisville', 'America/Knox_IN',
  'America/Chicago', 'America/Menominee', 'America/North_Dakota/Center', 'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah', 'America/Denver', 'America/Boise', 'America/Shiprock', 'America/Phoenix',
  'America/Los_Angeles', 'America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Metlakatla',
  'America/Yakutat', 'America/Nome', 'America/Adak', 'America/Atka', 'Pacific/Honolulu', 'Pacific/Johnston',
  'America/Puerto_Rico', 'America/St_Thomas', 'America/Virgin', 'Pacific/Guam', 'Pacific/Saipan',
  'Pacific/Pago_Pago', 'Pacific/Samoa', 'Navajo',
]);

export function paperSizeFor(timezone: string): PaperSize {
  return US_TIME_ZONES.has(timezone) || timezone.startsWith('US/') ? 'LETTER' : 'A4';
}

/** "patient-12-summary-2026-03-05.pdf": no name, since the file lands in download folders and logs. */
export function patientReportFileName(patientId: number, type: PatientReportType, day: string): string {
  return `patient-${patientId}-${type}-${day}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/** What the built-in fonts can show besides Latin-1: the Windows-1252 additions (€, curly quotes, dashes…). */
const WIN_ANSI_EXTRAS = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
    0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
  ].map((code) => String.fromCodePoint(code)),
);
/** Letters NFKD does not take apart. */
const PLAIN_LETTERS: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H' };

const printable = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
};

/**
 * Text the built-in (Windows-1252) fonts can draw: a character outside that set is replaced by its
 * letter without accents when there is one ("ő" → "o"), else by "?". Line breaks are kept, tabs become
 * spaces and other control characters go. Without it pdfkit would draw unrelated glyphs.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const char of value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    if (char === '\n' || printable(char)) out += char;
    else if (PLAIN_LETTERS[char]) out += PLAIN_LETTERS[char];
    else if ((char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f') continue;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(printable) ? base : '?';
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';
const INK = '#1a202c';
const MUTED = '#4a5568';
const ACCENT = '#285e61';
const RULE = '#cbd5e0';
const STRIPE = '#f1f5f9';
const LINE = '#2b6cb0';
const GOAL = '#c05621';
const MARGIN = 50;
const BOTTOM_MARGIN = 60;
const NONE = 'Not given';
const DASH = '—';

interface Column<R> {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
  value: (row: R) => string;
}

/** A thin layer over pdfkit: sections, label/value lists, tables with repeated headers, notes, page breaks. */
class ReportWriter {
  readonly left = MARGIN;
  readonly width: number;

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` points still fit on this one. */
  ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  text(value: string, options: { font?: string; size?: number; color?: string; gap?: number } = {}) {
    const { doc } = this;
    doc.font(options.font ?? FONT).fontSize(options.size ?? 10).fillColor(options.color ?? INK);
    doc.text(pdfText(value), this.left, doc.y, { width: this.width });
    if (options.gap) doc.y += options.gap;
  }

  /** A section's title; `keepWith` points of what follows must fit under it, else both go to the next page. */
  heading(title: string, keepWith = 40) {
    const { doc } = this;
    this.ensureSpace(30 + keepWith);
    doc.y += 10;
    doc.font(BOLD).fontSize(13).fillColor(ACCENT).text(pdfText(title), this.left, doc.y, { width: this.width });
    const y = doc.y + 2;
    doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.75).strokeColor(ACCENT).stroke();
    doc.y = y + 8;
  }

  /** Terms and their values in two columns. */
  details(rows: readonly (readonly [string, string])[]) {
    const { doc } = this;
    const labelWidth = 150;
    const valueWidth = this.width - labelWidth - 10;
    for (const [label, raw] of rows) {
      const value = pdfText(raw);
      doc.font(BOLD).fontSize(9.5);
      const labelHeight = doc.heightOfString(label, { width: labelWidth });
      doc.font(FONT).fontSize(10);
      const height = Math.max(labelHeight, doc.heightOfString(value, { width: valueWidth }));
      this.ensureSpace(height + 5);
      const y = doc.y;
      doc.font(BOLD).fontSize(9.5).fillColor(MUTED).text(label, this.left, y, { width: labelWidth });
      doc.font(FONT).fontSize(10).fillColor(INK).text(value, this.left + labelWidth + 10, y, { width: valueWidth });
      doc.y = y + height + 5;
    }
  }

  table<R>(columns: readonly Column<R>[], rows: readonly R[]) {
    const { doc } = this;
    const pad = 4;
    const widths = columns.map((column) => column.width * this.width);
    const tableWidth = widths.reduce((sum, width) => sum + width, 0);
    const cells = (values: readonly string[], font: string, fill: string | null) => {
      doc.font(font).fontSize(9);
      const height =
        Math.max(...values.map((value, i) => doc.heightOfString(value, { width: (widths[i] ?? 0) - 2 * pad }))) + 2 * pad;
      return {
        height,
        draw: (y: number) => {
          if (fill) doc.rect(this.left, y, tableWidth, height).fill(fill);
          let x = this.left;
          values.forEach((value, i) => {
            const width = widths[i] ?? 0;
            doc
              .font(font)
              .fontSize(9)
              .fillColor(INK)
              .text(value, x + pad, y + pad, { width: width - 2 * pad, align: columns[i]?.align ?? 'left' });
            x += width;
          });
          doc.y = y + height;
        },
      };
    };
    const header = cells(
      columns.map((column) => column.header),
      BOLD,
      '#e2e8f0',
    );
    this.ensureSpace(header.height * 2);
    header.draw(doc.y);
    rows.forEach((row, index) => {
      const line = cells(
        columns.map((column) => pdfText(column.value(row))),
        FONT,
        index % 2 === 1 ? STRIPE : null,
      );
      if (doc.y + line.height > this.bottom) {
        doc.addPage();
        header.draw(doc.y);
      }
      line.draw(doc.y);
    });
    doc.y += 6;
  }

  /** A note: who and when above, the text below (flowing onto the next page when long). */
  note(meta: string, body: string) {
    const { doc } = this;
    const text = pdfText(body);
    doc.font(FONT).fontSize(10);
    const firstLines = Math.min(doc.heightOfString(text, { width: this.width }), 40);
    this.ensureSpace(14 + firstLines);
    this.text(meta, { font: BOLD, size: 8.5, color: MUTED, gap: 2 });
    this.text(text, { size: 10 });
    const y = doc.y + 5;
    doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y = y + 6;
  }

  empty(message: string) {
    this.text(message, { font: ITALIC, color: MUTED, gap: 4 });
  }
}

// ---------------------------------------------------------------------------------------------
// The weight chart
// ---------------------------------------------------------------------------------------------

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

const CHART_HEIGHT = 210;

/** Round axis steps (lb) giving 4 to 8 gridlines. */
function valueTicks(min: number, max: number): number[] {
  const span = Math.max(max - min, 1);
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => span / s <= 6) ?? 1000;
  const first = Math.floor(min / step) * step;
  const last = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = first; value <= last + step / 2; value += step) ticks.push(value);
  return ticks;
}

/** Weight over time as a vector line chart, with the goal weight as a dashed line (the value axis includes it). */
function drawWeightChart(writer: ReportWriter, chart: WeightChart) {
  const { doc } = writer;
  const series = chart.series;
  const height = CHART_HEIGHT;
  writer.ensureSpace(height + 10);
  const top = doc.y;
  const plot = { left: writer.left + 48, right: writer.left + writer.width - 10, top: top + 12, bottom: top + height - 34 };

  const goal = chart.goal.weight;
  const values = [...series.map((point) => point.weight), ...(goal === null ? [] : [goal])];
  const min = Math.min(...values);
  const max = Math.max(...values);
  // A margin above and below, so that neither the line nor the goal lies on the frame.
  const margin = Math.max((max - min) * 0.05, 1);
  const ticks = valueTicks(min - margin, max + margin);
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const yOf = (weight: number) => plot.bottom - ((weight - low) / (high - low || 1)) * (plot.bottom - plot.top);

  const firstDay = dayNumber(series[0]?.date ?? '1970-01-01');
  const lastDay = dayNumber(series[series.length - 1]?.date ?? '1970-01-01');
  const span = lastDay - firstDay;
  const xOf = (day: number) =>
    span === 0 ? (plot.left + plot.right) / 2 : plot.left + ((day - firstDay) / span) * (plot.right - plot.left);

  // Gridlines and the value axis.
  doc.font(FONT).fontSize(8).fillColor(MUTED);
  for (const tick of ticks) {
    const y = yOf(tick);
    doc.moveTo(plot.left, y).lineTo(plot.right, y).lineWidth(0.5).strokeColor('#e2e8f0').stroke();
    doc.fillColor(MUTED).text(formatAmount(tick), writer.left, y - 4, { width: 42, align: 'right', lineBreak: false });
  }
  doc.moveTo(plot.left, plot.top).lineTo(plot.left, plot.bottom).lineTo(plot.right, plot.bottom).lineWidth(0.75).strokeColor(MUTED).stroke();
  doc.save();
  doc.rotate(-90, { origin: [writer.left + 6, (plot.top + plot.bottom) / 2] });
  doc.fillColor(MUTED).text('Weight (lb)', writer.left + 6 - 40, (plot.top + plot.bottom) / 2 - 4, { width: 80, align: 'center', lineBreak: false });
  doc.restore();

  // The time axis: up to five dates, evenly spread.
  const labels = span === 0 ? [firstDay] : [0, 1, 2, 3, 4].map((i) => Math.round(firstDay + (span * i) / 4));
  const labelWidth = 70;
  for (const day of [...new Set(labels)]) {
    const x = xOf(day);
    doc.moveTo(x, plot.bottom).lineTo(x, plot.bottom + 3).strokeColor(MUTED).stroke();
    const left = Math.min(Math.max(x - labelWidth / 2, plot.left - 20), plot.right - labelWidth + 10);
    doc.fillColor(MUTED).text(formatDate(dayText(day)), left, plot.bottom + 6, {
      width: labelWidth,
      align: 'center',
      lineBreak: false,
    });
  }

  // The goal.
  if (goal !== null) {
    const y = yOf(goal);
    doc.moveTo(plot.left, y).lineTo(plot.right, y).lineWidth(1).strokeColor(GOAL).dash(5, { space: 3 }).stroke().undash();
    doc.font(BOLD).fontSize(8).fillColor(GOAL).text(`Goal ${formatAmount(goal)} lb`, plot.right - 110, y - 11, {
      width: 108,
      align: 'right',
      lineBreak: false,
    });
  }

  // The weigh-ins.
  const points = series.map((point) => [xOf(dayNumber(point.date)), yOf(point.weight)] as const);
  if (points.length > 1) {
    const [start, ...rest] = points;
    doc.moveTo(start![0], start![1]);
    for (const [x, y] of rest) doc.lineTo(x, y);
    doc.lineWidth(1.5).strokeColor(LINE).lineJoin('round').stroke();
  }
  if (points.length <= 60) for (const [x, y] of points) doc.circle(x, y, 2.2).fill(LINE);

  // Legend.
  const legendY = top + height - 14;
  doc.moveTo(plot.left, legendY + 3).lineTo(plot.left + 18, legendY + 3).lineWidth(1.5).strokeColor(LINE).stroke();
  doc.font(FONT).fontSize(8).fillColor(MUTED).text('Weight', plot.left + 22, legendY, { lineBreak: false });
  if (goal !== null) {
    doc.moveTo(plot.left + 70, legendY + 3).lineTo(plot.left + 88, legendY + 3).lineWidth(1).strokeColor(GOAL).dash(5, { space: 3 }).stroke().undash();
    doc.fillColor(MUTED).text('Goal weight', plot.left + 92, legendY, { lineBreak: false });
  }
  doc.x = writer.left;
  doc.y = top + height + 4;
}

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

const pounds = (value: number | null) => (value === null ? DASH : `${formatAmount(value)} lb`);
const measure = (value: number | null, suffix = '') => (value === null ? DASH : `${formatAmount(value)}${suffix}`);
const orNone = (value: string | null | undefined) => (value && value.trim() !== '' ? value : NONE);
const day = (value: string | null) => (value ? formatDate(value) : NONE);

const SOURCES = { app: 'Patient (app)', staff: 'Staff' } as const;
const BASELINE_SOURCES = { starting_weight: 'starting weight', first_log: 'first weigh-in' } as const;

function noteTypeLabel(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words === '' ? 'General' : words.charAt(0).toUpperCase() + words.slice(1);
}

function patientDetails(patient: PatientRecord): [string, string][] {
  const tags = [patient.user_cat_name, patient.user_cat_name2].filter((tag): tag is string => Boolean(tag));
  return [
    ['Name', patient.name],
    ['Date of birth', patient.dob ? `${day(patient.dob)}${patient.age === null ? '' : ` (age ${patient.age})`}` : NONE],
    ['Sex', orNone(patient.sex)],
    ['MRN', orNone(patient.mrn_number)],
    ['Phone', patient.phone ? formatPhone(patient.phone) : NONE],
    ['E-mail', orNone(patient.email)],
    ['Stage', stageLabel(patient.current_stage)],
    ['Type of surgery', orNone(patient.type_of_surgery)],
    ['Surgery date', patient.surgery_date ? `${day(patient.surgery_date)} (${patient.surgery_date_difference})` : NONE],
    ['Height', patient.hight === null ? NONE : `${formatAmount(patient.hight)} in`],
    ['Insurance coordinator', orNone(patient.insurance_coordinator_name)],
    ['Location', orNone(patient.location_name)],
    ['Tags', tags.length > 0 ? tags.join(', ') : 'No tags'],
  ];
}

function outcomeRows(chart: WeightChart): [string, string][] {
  const { baseline, current, goal, outcomes } = chart;
  return [
    [
      'Baseline weight',
      baseline
        ? `${pounds(baseline.weight)}${baseline.date ? ` on ${day(baseline.date)}` : ''} (${BASELINE_SOURCES[baseline.source]})`
        : 'None yet',
    ],
    ['Current weight', current ? `${pounds(current.weight)}${current.date ? ` on ${day(current.date)}` : ''}` : DASH],
    ['Goal weight', goal.weight === null ? DASH : `${pounds(goal.weight)}${goal.remaining === null ? '' : ` (${pounds(goal.remaining)} to go)`}`],
    ['Weight lost', pounds(outcomes.weight_lost)],
    ['Baseline BMI', measure(outcomes.baseline_bmi)],
    ['BMI', measure(outcomes.bmi)],
    ['%TWL', measure(outcomes.percent_twl, '%')],
    ['%EWL', measure(outcomes.percent_ewl, '%')],
    ['%EBMIL', measure(outcomes.percent_ebmil, '%')],
  ];
}

const OUTCOME_NOTE =
  `BMI = 703 × weight (lb) ÷ height (in)². %TWL = weight lost ÷ baseline weight × 100. ` +
  `%EWL = weight lost ÷ (baseline weight - weight at BMI ${REFERENCE_BMI}) × 100. ` +
  `%EBMIL = (baseline BMI - BMI) ÷ (baseline BMI - ${REFERENCE_BMI}) × 100. A dash: not enough data (height, baseline or excess weight).`;

type WeighInRow = WeightChartPoint & { change: number | null };

const WEIGH_IN_COLUMNS: Column<WeighInRow>[] = [
  { header: 'Date', width: 0.22, value: (row) => formatDate(row.date) },
  { header: 'Weight (lb)', width: 0.16, align: 'right', value: (row) => formatAmount(row.weight) },
  {
    header: 'Change (lb)',
    width: 0.16,
    align: 'right',
    value: (row) => (row.change === null ? DASH : `${row.change > 0 ? '+' : ''}${formatAmount(row.change)}`),
  },
  { header: 'BMI', width: 0.12, align: 'right', value: (row) => measure(row.bmi) },
  { header: '%TWL', width: 0.12, align: 'right', value: (row) => measure(row.percent_twl, '%') },
  { header: 'Entered by', width: 0.22, value: (row) => SOURCES[row.source] },
];

/** Builds the whole document and ends it; answers the document (a readable stream of the PDF) and its page count. */
export function renderPatientReport(data: PatientReportData): { document: PDFKit.PDFDocument; pages: number } {
  const { type, program, patient, weights, generatedAt } = data;
  const zone = program.timezone;
  const label = PATIENT_REPORT_TYPE_LABELS[type];
  const doc = new PDFDocument({
    size: paperSizeFor(zone),
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM_MARGIN },
    bufferPages: true,
    info: {
      Title: `Patient report (${label})`,
      Author: pdfText(program.title),
      Creator: 'BariDesk',
      CreationDate: generatedAt,
    },
  });
  const writer = new ReportWriter(doc);
  const at = (instant: Date) => formatDateTime(instant, zone);
  const zoneName = DateTime.fromJSDate(generatedAt, { zone }).setLocale(DISPLAY_LOCALE).toFormat('ZZZZ');

  // Header.
  writer.text(program.title, { font: BOLD, size: 16, color: ACCENT });
  writer.text(`Patient report: ${label}`, { size: 11, color: MUTED, gap: 2 });
  writer.text(`Generated ${at(generatedAt)} ${zoneName}`, { size: 9, color: MUTED, gap: 10 });
  writer.text(patient.name, { font: BOLD, size: 18, gap: 4 });

  writer.heading('Patient details');
  writer.details(patientDetails(patient));

  writer.heading('Outcome measures');
  writer.details(outcomeRows(weights));
  writer.text(OUTCOME_NOTE, { size: 8, color: MUTED, gap: 4 });

  writer.heading('Weight chart', weights.series.length === 0 ? undefined : CHART_HEIGHT);
  if (weights.series.length === 0) writer.empty('No weigh-ins yet.');
  else drawWeightChart(writer, weights);

  // Weigh-ins, newest first, each with its change from the one before.
  const weighIns: WeighInRow[] = weights.series
    .map((point, index, all) => {
      const previous = all[index - 1];
      return { ...point, change: previous ? round1(point.weight - previous.weight) : null };
    })
    .reverse();
  writer.heading('Weigh-ins');
  if (weighIns.length === 0) writer.empty('No weigh-ins yet.');
  else {
    const shown = type === 'full' ? weighIns : weighIns.slice(0, SUMMARY_WEIGH_INS);
    writer.text(
      shown.length < weighIns.length
        ? `The ${shown.length} most recent of ${formatAmount(weighIns.length)} weigh-ins (one a day), newest first. The full report lists them all.`
        : `${formatAmount(weighIns.length)} weigh-in${weighIns.length === 1 ? '' : 's'} (one a day), newest first.`,
      { size: 8.5, color: MUTED, gap: 4 },
    );
    writer.table(WEIGH_IN_COLUMNS, shown);
  }

  const { notes, total } = data.internalNotes;
  writer.heading('Internal notes');
  if (notes.length === 0) writer.empty('No internal notes.');
  else {
    if (type === 'summary' && total > notes.length) {
      writer.text(`The ${notes.length} most recent of ${formatAmount(total)} notes. The full report lists them all.`, {
        size: 8.5,
        color: MUTED,
        gap: 4,
      });
    }
    for (const note of notes.slice(0, type === 'summary' ? SUMMARY_INTERNAL_NOTES : undefined)) {
      writer.note(`${at(new Date(note.created_at))} · ${note.author?.name || 'Unknown author'} · ${noteTypeLabel(note.note_type)}`, note.note);
    }
  }

  if (type === 'full') {
    const checklistName = (stage: number) =>
      stage === 3 ? program.third_checklist_name : stage === 1 || stage === 2 ? stageLabel(stage) : `Stage ${stage}`;
    writer.heading('Checklist notes');
    const checklist = data.checklistNotes ?? [];
    if (checklist.length === 0) writer.empty('No checklist notes.');
    for (const note of checklist) {
      writer.note(`${at(new Date(note.created_at))} · ${note.author?.name || 'Unknown author'} · ${checklistName(note.stage)} checklist`, note.note);
    }

    if (data.water) drawWater(writer, data.water);
  }

  // Every page: the running header (after the first) and the footer. Drawn inside the bottom margin,
  // which is lifted meanwhile so that pdfkit does not start a new page for them.
  const range = doc.bufferedPageRange();
  const identity = [patient.name, patient.dob ? `DOB ${day(patient.dob)}` : null, patient.mrn_number ? `MRN ${patient.mrn_number}` : null]
    .filter(Boolean)
    .join(' · ');
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const { page } = doc;
    const bottomMargin = page.margins.bottom;
    page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    if (index > 0) {
      doc.text(pdfText(`${identity} · Patient report: ${label}`), MARGIN, 25, { width: page.width - 2 * MARGIN, lineBreak: false });
    }
    const footerY = page.height - 38;
    doc.moveTo(MARGIN, footerY - 6).lineTo(page.width - MARGIN, footerY - 6).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.text('Confidential: protected health information.', MARGIN, footerY, { width: 300, lineBreak: false });
    doc.text(`Page ${index + 1} of ${range.count}`, page.width - MARGIN - 150, footerY, { width: 150, align: 'right', lineBreak: false });
    page.margins.bottom = bottomMargin;
  }
  doc.end();
  return { document: doc, pages: range.count };
}

function drawWater(writer: ReportWriter, water: ReportWater) {
  const totals = new Map(water.days.map((entry) => [entry.date, entry.total]));
  const days: { date: string; total: number | null }[] = [];
  for (let n = dayNumber(water.to); n >= dayNumber(water.from); n--) {
    const date = dayText(n);
    days.push({ date, total: totals.get(date) ?? null });
  }
  writer.heading(`Water, last ${days.length} days`);
  writer.text(
    `${formatDate(water.from)} to ${formatDate(water.to)}: ${formatAmount(water.total)} oz in all, ` +
      `${water.days.length} of ${days.length} days logged, ${formatAmount(water.average)} oz a day on average (days above 0). ` +
      `Daily goal: ${water.goal === null ? NONE : `${formatAmount(water.goal)} oz`}.`,
    { size: 9, color: MUTED, gap: 4 },
  );
  writer.table<{ date: string; total: number | null }>(
    [
      { header: 'Date', width: 0.3, value: (row) => formatDate(row.date) },
      { header: 'Water (oz)', width: 0.2, align: 'right', value: (row) => (row.total === null ? 'Not logged' : formatAmount(row.total)) },
    ],
    days,
  );
}
