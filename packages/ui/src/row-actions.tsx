import type { ReactElement, ReactNode } from 'react';
import { Button, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';

export type RowActionsProps = {
  /** Names the row for screen readers: "Edit <name>", "More actions for <name>". */
  name: string;
  /** Left out: the row has no Edit (a record nobody edits here). */
  onEdit?: () => void;
  /** Left out: the row has no Delete, and no "More actions" menu. */
  onDelete?: () => void;
  /** More buttons of the row, before Edit. */
  children?: ReactNode;
};

/**
 * The end of a list's row: its own buttons, Edit, and Delete kept out of the way in the row's "More
 * actions" menu (⋯), so a slip of the mouse beside Edit deletes nothing. Delete asks before it deletes
 * (useDeleteWithConfirm): the menu item only opens that question, hence its "…".
 */
export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <HStack gap="2" justify="flex-end">
      {children}
      {onEdit ? (
        <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      ) : null}
      {onDelete ? <RowMoreMenu name={name} onDelete={onDelete} /> : null}
    </HStack>
  );
}

/**
 * A row's "More actions" menu (⋯) holding its Delete, for rows whose other actions are not Edit and
 * Delete alone (links, Copy): the same secondary place as in {@link RowActions}.
 */
export function RowMoreMenu({ name, onDelete }: { name: string; onDelete: () => void }) {
  return (
    <DestructiveActionMenu
      trigger={
        <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={`More actions for ${name}`}>
          <span aria-hidden>⋯</span>
        </IconButton>
      }
      action="Delete…"
      onChoose={onDelete}
    />
  );
}

/**
 * A destructive action kept one step away: a menu opened by `trigger` whose item (in the error colour,
 * its label ending in "…" as it only opens the question) calls `onChoose`.
 */
export function DestructiveActionMenu({ trigger, action, onChoose }: { trigger: ReactElement; action: string; onChoose: () => void }) {
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {/* The item's own click: the root's onSelect was seen to fire only for a menu's first choice. */}
            {/* red.700, not fg.error (red.500: 3.8:1 on white, under WCAG's 4.5:1 for text). */}
            <Menu.Item
              value="destructive"
              color={{ base: 'red.700', _dark: 'red.300' }}
              _highlighted={{ bg: 'bg.error', color: { base: 'red.800', _dark: 'red.200' } }}
              _hover={{ bg: 'bg.error', color: { base: 'red.800', _dark: 'red.200' } }}
              onClick={onChoose}
            >
              {action}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
