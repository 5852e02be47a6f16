import { memo, type KeyboardEventHandler } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { PipelineCard as Card, PipelineStatus } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import { Badge, Box, Button, chakra, HStack, Link, Stack, Text, VisuallyHidden } from '@baridesk/ui';
import { Progress } from '@baridesk/ui/lists';
import { Menu, Portal } from '@baridesk/ui/overlays';
import type { CardDragData } from '../utils/board-dnd';

export type CardActions = {
  /** Moves the patient from the status the board shows them in to `to`. */
  onMove: (card: Card, fromStatusId: number, to: PipelineStatus) => void;
  onHistory: (card: Card) => void;
};

type PipelineCardProps = CardActions & {
  card: Card;
  /** The status of the column the card stands in. */
  statusId: number;
  /** The stage's statuses, the choices of "Move to…" (less the card's own). */
  statuses: readonly PipelineStatus[];
};

const daysText = (days: number) => (days === 1 ? '1 day in status' : `${formatAmount(days)} days in status`);

/**
 * One patient on the board. The whole card can be dragged with a mouse or pen (after a few pixels, so
 * a click on the name still opens the patient); by touch and from the keyboard, its handle picks it up.
 * "Move to…" does the same from a menu.
 */
export function PipelineCard({ card, statusId, ...rest }: PipelineCardProps) {
  const data: CardDragData = { card, statusId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({ id: card.id, data });
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  return (
    <Box
      as="li"
      ref={setNodeRef}
      data-pipeline-card=""
      position="relative"
      zIndex={isDragging ? 'docked' : undefined}
      style={{ transform: CSS.Translate.toString(transform) }}
      {...pointerListeners}
    >
      <Box
        p="3"
        bg="bg"
        borderWidth="1px"
        borderRadius="md"
        shadow={isDragging ? 'lg' : 'xs'}
        cursor={isDragging ? 'grabbing' : 'grab'}
      >
        <HStack align="flex-start" justify="space-between" gap="2">
          <Link asChild fontWeight="semibold" lineClamp={2} wordBreak="break-word">
            {/* Not natively draggable: the browser's own link drag would stop the card's. */}
            <RouterLink to={`/patient-detail/${card.id}`} draggable={false}>
              {card.name}
            </RouterLink>
          </Link>
          <chakra.button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            onKeyDown={onKeyDown as KeyboardEventHandler | undefined}
            aria-label={`Drag ${card.name}`}
            px="1"
            color="fg.muted"
            borderRadius="sm"
            cursor="grab"
            // On a touch screen a drag starts from the handle: the rest of the card scrolls the board.
            touchAction="none"
            _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
          >
            <span aria-hidden>⠿</span>
          </chakra.button>
        </HStack>
        <CardDetails card={card} statusId={statusId} {...rest} />
      </Box>
    </Box>
  );
}

/**
 * What the card says and offers. Kept apart and memoised: every card's drag wrapper renders again
 * while any card moves, its details need not.
 */
const CardDetails = memo(function CardDetails({ card, statusId, statuses, onMove, onHistory }: PipelineCardProps) {
  const others = statuses.filter((status) => status.id !== statusId);
  return (
    <Stack gap="1.5" mt="1" textStyle="sm">
      <Text color="fg.muted">{daysText(card.days_in_status)}</Text>
      {card.checklist_deactivated === 1 ? (
        <Badge alignSelf="flex-start" colorPalette="gray">
          Checklist off
        </Badge>
      ) : (
        <Progress.Root value={card.checklist_percent} size="xs" colorPalette="brand" aria-label={`Checklist ${card.checklist_percent}% done`}>
          <HStack gap="2">
            <Progress.Label flex="none" fontWeight="normal" color="fg.muted">
              Checklist
            </Progress.Label>
            <Progress.Track flex="1">
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText flex="none">{`${card.checklist_percent}%`}</Progress.ValueText>
          </HStack>
        </Progress.Root>
      )}
      <Text>{card.surgery_date ? `Surgery ${formatDate(card.surgery_date)}` : 'No surgery date'}</Text>
      <HStack gap="1" wrap="wrap" mt="1">
        <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
          <Menu.Trigger asChild>
            <Button size="xs" variant="outline" colorPalette="gray" disabled={others.length === 0}>
              Move to…<VisuallyHidden>{` ${card.name}`}</VisuallyHidden>
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {others.map((status) => (
                  // The item's own click: the root's onSelect was seen to fire only for a menu's first choice.
                  <Menu.Item key={status.id} value={String(status.id)} onClick={() => onMove(card, statusId, status)}>
                    {status.name}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <Button size="xs" variant="ghost" colorPalette="gray" onClick={() => onHistory(card)}>
          History<VisuallyHidden>{` of ${card.name}`}</VisuallyHidden>
        </Button>
      </HStack>
    </Stack>
  );
});
