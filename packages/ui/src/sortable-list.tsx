import { useEffect, useMemo, useRef, type MutableRefObject, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Button, chakra, HStack, Stack, VisuallyHidden } from '@chakra-ui/react';
import { movedIds } from './reorder';

export type SortableListProps<T extends { id: number }> = {
  items: readonly T[];
  /** Names an item in its buttons and in what screen readers hear ("Move up Seminar"). */
  nameOf: (item: T) => string;
  /** The list's name ("Statuses of Pre-Op"). */
  label: string;
  /** The ids of every item, in their new order. */
  onReorder: (ids: number[]) => void;
  /** A change is being saved: the order cannot change meanwhile. */
  disabled?: boolean;
  /** An item's row, between its drag handle and its Move up / Move down buttons. */
  children: (item: T) => ReactNode;
};

const INSTRUCTIONS = {
  draggable:
    'To move this item, press Space. While moving, use the Up and Down arrow keys to choose its place, then press Space to drop it there, or Escape to cancel. The Move up and Move down buttons do the same one place at a time.',
};

/**
 * An ordered list the user re-orders: by dragging a row's handle (pointer or keyboard, with
 * @dnd-kit/sortable) or with its Move up / Move down buttons.
 */
export function SortableList<T extends { id: number }>({ items, nameOf, label, onReorder, disabled = false, children }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);

  const pickedUp = useRef(false);
  const announcements = useMemo((): Announcements => {
    const name = (id: UniqueIdentifier) => {
      const item = items.find((candidate) => candidate.id === id);
      return item ? nameOf(item) : 'The item';
    };
    const place = (id: UniqueIdentifier) => `position ${items.findIndex((item) => item.id === id) + 1} of ${items.length}`;
    return {
      onDragStart: ({ active }) => {
        pickedUp.current = true;
        return `Picked up ${name(active.id)}, at ${place(active.id)}.`;
      },
      onDragOver: ({ active, over }) => {
        // The first "over" is the row itself, at once: saying so would cut off "Picked up …".
        const first = pickedUp.current;
        pickedUp.current = false;
        if (!over || (first && over.id === active.id)) return undefined;
        return `${name(active.id)} is now at ${place(over.id)}.`;
      },
      onDragEnd: ({ active, over }) => (over ? `${name(active.id)} was dropped at ${place(over.id)}.` : `${name(active.id)} was put back.`),
      onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled. It stays at ${place(active.id)}.`,
    };
  }, [items, nameOf]);

  // The row moved by its button keeps the focus on that button (a moved node loses it in some browsers).
  const focusAfterMove = useRef<FocusAfterMove | null>(null);
  const move = (from: number, to: number, button?: 'up' | 'down') => {
    if (disabled || from === to || from < 0 || to < 0 || to >= items.length) return;
    const moved = items[from];
    focusAfterMove.current = button && moved ? { id: moved.id, button } : null;
    onReorder(movedIds(items, from, to));
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Stack as="ol" aria-label={label} gap="2" listStyleType="none">
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item)} index={index} count={items.length} disabled={disabled} onMove={move} focusAfterMove={focusAfterMove}>
              {children(item)}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

type FocusAfterMove = { id: number; button: 'up' | 'down' };

type SortableRowProps = {
  id: number;
  name: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (from: number, to: number, button: 'up' | 'down') => void;
  focusAfterMove: MutableRefObject<FocusAfterMove | null>;
  children: ReactNode;
};

function SortableRow({ id, name, index, count, disabled, onMove, focusAfterMove, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (pending?.id !== id) return;
    focusAfterMove.current = null;
    // At the top or the bottom now, its button is disabled: the other one takes the focus.
    const first = pending.button === 'up' ? upRef : downRef;
    const other = pending.button === 'up' ? downRef : upRef;
    (first.current?.disabled ? other : first).current?.focus();
  }, [id, index, focusAfterMove]);
  return (
    <Box
      as="li"
      ref={setNodeRef}
      position="relative"
      zIndex={isDragging ? 'docked' : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      p="3"
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      shadow={isDragging ? 'lg' : undefined}
    >
      <HStack gap="3" align="center" wrap="wrap">
        <chakra.button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name}`}
          px="1"
          color="fg.muted"
          cursor={disabled ? 'not-allowed' : 'grab'}
          touchAction="none"
          borderRadius="sm"
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        >
          <span aria-hidden>⠿</span>
        </chakra.button>
        <Box flex="1" minW="48">
          {children}
        </Box>
        <HStack gap="1">
          <Button
            ref={upRef}
            size="xs"
            variant="ghost"
            colorPalette="gray"
            disabled={disabled || index === 0}
            onClick={() => onMove(index, index - 1, 'up')}
          >
            Move up<VisuallyHidden>{` ${name}`}</VisuallyHidden>
          </Button>
          <Button
            ref={downRef}
            size="xs"
            variant="ghost"
            colorPalette="gray"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index, index + 1, 'down')}
          >
            Move down<VisuallyHidden>{` ${name}`}</VisuallyHidden>
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
