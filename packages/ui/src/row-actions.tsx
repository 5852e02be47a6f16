import type { ReactNode } from 'react';
import { Button, HStack } from '@chakra-ui/react';

export type RowActionsProps = {
  /** Names the row for screen readers: "Edit <name>", "Delete <name>". */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** More buttons of the row, before Edit. */
  children?: ReactNode;
};

/** The Edit and Delete buttons at the end of a list's row (after any of the row's own). */
export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <HStack gap="2" justify="flex-end">
      {children}
      <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </HStack>
  );
}
