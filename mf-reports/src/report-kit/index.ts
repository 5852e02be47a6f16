/**
 * The report kit: what every report screen of mf-reports is built from.
 *   useReportFilters  the filters (and a report's own choices) in the address's query string
 *   ReportFilters     From/To, stage, tag, coordinator, surgery type (GET /api/reports/filters), plus the report's own controls
 *   ReportPage        title, description, filters, chart, tables
 *   ReportTable       a paged, sorted, searchable table with its count and Download Excel behind the report banner
 *   REPORT_RANGES     each report's range when opened
 * ReportChart is imported from './report-kit/report-chart' directly: it loads apexcharts, which the
 * screens without a chart should not fetch.
 */
export { useReportFilters, REPORT_FILTER_KEYS, type ReportFilterKey, type ReportFilterQuery, type ReportFiltersState } from './use-report-filters';
export { ReportFilters, type ReportFiltersProps } from './report-filters';
export { ReportPage, type ReportPageProps } from './report-page';
export { ReportTable, type ReportTableProps } from './report-table';
export { REPORT_RANGES, validDay, type DateRange } from './report-ranges';
export { downloadReport, reportsKey, useReport, useReportPage, useReportFilterChoices, type ReportParams } from './api/report-calls';
export { usePatientColumn, stageColumn, textColumn, dateColumn, amountColumn, percentColumn } from './report-columns';
export { ChoiceSelect, type ChoiceSelectProps } from './choice-select';
