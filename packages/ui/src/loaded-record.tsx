import type { ReactNode } from 'react';
import { Link, Spinner, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from './load-error';

/** The part of a react-query result a record's page reads. */
export type RecordQuery<T> = { isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };

/** The address names no record: `message`, with the way back when there is one. */
export function BadAddress({ message, back }: { message: string; back?: { to: string; label: string } }) {
  return (
    <Text role="alert">
      {message}{' '}
      {back ? (
        <Link asChild>
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Link>
      ) : null}
    </Text>
  );
}

export type LoadedRecordProps<T> = {
  /** The id the address names: a number, null for an address that names none, undefined for a new record (nothing to load). */
  id: number | null | undefined;
  query: RecordQuery<T>;
  /** Shown for an id of null. */
  badAddress: ReactNode;
  /** The failed load's title (with the server's message and Try again). */
  errorTitle: string;
  /** The spinner's name while the record loads. */
  loadingLabel: string;
  /** The page once the record has come (undefined for a new record). */
  render: (data: T | undefined) => ReactNode;
};

/**
 * What a page of one record shows while the record is not there: a wrong address, the failed load with
 * Try again, or a spinner; `render` once it has come. Without an id (a new record) it renders at once.
 */
export function LoadedRecord<T>({ id, query, badAddress, errorTitle, loadingLabel, render }: LoadedRecordProps<T>) {
  if (id === null) return <>{badAddress}</>;
  if (id === undefined) return <>{render(undefined)}</>;
  if (query.isError) return <LoadError title={errorTitle} message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />;
  if (query.data !== undefined) return <>{render(query.data)}</>;
  return <Spinner aria-label={loadingLabel} />;
}
