import { Link as RouterLink } from 'react-router-dom';
import { formatAmount, formatDate, formatPercent, stageLabel, type StageId } from '@baridesk/domain';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';
import { Link } from '@baridesk/ui';
import { TruncatedText, type DataTableColumn } from '@baridesk/ui/lists';

/** `sortKey`: the server's name of the order when it is not the field's (last_progress for last_progress_on). */
type ColumnOptions = { sortable?: boolean; width?: string; header?: string; sortKey?: string };
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/**
 * The patient's name, a link to their record (/patient-detail/:id) for staff who may open the patients
 * area, plain text for the others (who get the report but not the records).
 */
export function usePatientColumn<T extends { id: number; name: string }>(options: ColumnOptions = {}): DataTableColumn<T> {
  const mayOpenRecords = useAppStore(selectMayOpenArea('patients'));
  return {
    key: 'name',
    header: options.header ?? 'Patient',
    sortable: options.sortable ?? true,
    ...(options.width ? { width: options.width } : {}),
    render: (row) =>
      mayOpenRecords ? (
        <Link asChild color="fg.link" maxW="full" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap" display="inline-block">
          <RouterLink to={`/patient-detail/${row.id}`}>{row.name}</RouterLink>
        </Link>
      ) : (
        <TruncatedText text={row.name} />
      ),
  };
}

export const stageColumn = <T extends { stage: StageId }>(options: ColumnOptions = {}): DataTableColumn<T> => ({
  key: 'stage',
  header: options.header ?? 'Stage',
  sortable: options.sortable ?? false,
  width: options.width ?? '8.5rem',
  render: (row) => stageLabel(row.stage) ?? '',
});

/** A text column that may be long or empty (a surgery type, a coordinator, an e-mail). */
export const textColumn = <T,>(key: KeysOf<T, string | null>, header: string, options: ColumnOptions = {}): DataTableColumn<T> => ({
  key: options.sortKey ?? key,
  header,
  sortable: options.sortable ?? options.sortKey !== undefined,
  ...(options.width ? { width: options.width } : {}),
  render: (row) => <TruncatedText text={(row[key] as string | null) ?? ''} />,
});

/** A day "yyyy-MM-dd" as the spec writes dates: "Mar 05, 2026"; empty when there is none. */
export const dateColumn = <T,>(key: KeysOf<T, string | null>, header: string, options: ColumnOptions = {}): DataTableColumn<T> => ({
  key: options.sortKey ?? key,
  header,
  sortable: options.sortable ?? options.sortKey !== undefined,
  width: options.width ?? '8.5rem',
  render: (row) => formatDate(row[key] as string | null),
});

/** A number with thousands commas (and a unit); an em dash when unknown. */
export const amountColumn = <T,>(key: KeysOf<T, number | null>, header: string, options: ColumnOptions & { unit?: string } = {}): DataTableColumn<T> => ({
  key: options.sortKey ?? key,
  header,
  sortable: options.sortable ?? options.sortKey !== undefined,
  width: options.width ?? '7rem',
  align: 'end',
  render: (row) => {
    const value = row[key] as number | null;
    return value === null ? '—' : `${formatAmount(value)}${options.unit ? ` ${options.unit}` : ''}`;
  },
});

/** A percentage with one decimal ("12.5%"); an em dash when unknown. */
export const percentColumn = <T,>(key: KeysOf<T, number | null>, header: string, options: ColumnOptions = {}): DataTableColumn<T> => ({
  key: options.sortKey ?? key,
  header,
  sortable: options.sortable ?? options.sortKey !== undefined,
  width: options.width ?? '6.5rem',
  align: 'end',
  render: (row) => formatPercent(row[key] as number | null),
});
