import type { ReactNode } from 'react';
import type { NoteAuthor, Page } from '@baridesk/contracts';
import { Button, Flex, List, Spinner, Stack, Text } from '@baridesk/ui';
import { LoadError, Pager, type PerPage } from '@baridesk/ui/lists';
import { noteTime } from '../utils/note-time';

/** What every note shows: its text, who wrote it and when, and whether the caller may delete it. */
export type ListedNote = {
  id: number;
  note: string;
  created_at: string;
  author: NoteAuthor;
  can_delete: boolean;
};

/** The author's name; a deleted account shows as a former staff member. */
const authorName = (author: NoteAuthor) => author?.name || 'Former staff member';

type NoteListProps<T extends ListedNote> = {
  /** The list's accessible name ("Internal notes"). */
  label: string;
  /** The query of the current page of notes. */
  query: { data?: { data: Page<T> }; isError: boolean; error: Error | null; isFetching: boolean; refetch: () => unknown };
  errorTitle: string;
  emptyText: string;
  /** A label shown before the author (the note's type). */
  tag?: (note: T) => ReactNode;
  onDelete: (note: T) => void;
  paging: { page: number; perPage: PerPage; onPageChange: (page: number) => void; onPerPageChange: (perPage: PerPage) => void };
};

/**
 * One page of notes, newest first, with the pager under it; a spinner while the first page loads, the
 * empty text when there are none, and the failure with Try again. Delete shows only when allowed.
 */
export function NoteList<T extends ListedNote>({ label, query, errorTitle, emptyText, tag, onDelete, paging }: NoteListProps<T>) {
  if (query.isError && !query.data) {
    return <LoadError title={errorTitle} message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />;
  }
  const page = query.data?.data;
  if (!page) return <Spinner aria-label={`Loading the ${label.toLowerCase()}`} />;
  if (page.total === 0) return <Text color="fg.muted">{emptyText}</Text>;

  return (
    <Stack gap="2" aria-busy={query.isFetching || undefined}>
      <List.Root as="ul" aria-label={label} listStyleType="none" ps="0" gap="3">
        {page.data.map((note) => {
          const when = noteTime(note.created_at);
          return (
            <List.Item key={note.id} borderWidth="1px" borderRadius="md" p="3" display="block">
              <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
                <Flex gap="2" align="center" wrap="wrap">
                  {tag?.(note)}
                  <Text textStyle="sm" color="fg.muted">
                    {authorName(note.author)} · <time dateTime={note.created_at}>{when}</time>
                  </Text>
                </Flex>
                {note.can_delete ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Delete the note of ${when} by ${authorName(note.author)}`}
                    onClick={() => onDelete(note)}
                  >
                    Delete
                  </Button>
                ) : null}
              </Flex>
              <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">
                {note.note}
              </Text>
            </List.Item>
          );
        })}
      </List.Root>
      <Pager
        total={page.total}
        page={paging.page}
        perPage={paging.perPage}
        onPageChange={paging.onPageChange}
        onPerPageChange={paging.onPerPageChange}
        label={`${label} pages`}
      />
    </Stack>
  );
}
