import { Button, HStack } from '@chakra-ui/react';

export type RowActionsProps = {
  /** Names the row for screen readers: "Edit <name>", "Delete <name>". */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** The Edit and Delete buttons at the end of a list's row. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <HStack gap="2" justify="flex-end">
      <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </HStack>
  );
}
