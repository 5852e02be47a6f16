import { useRef, useState } from 'react';
import { Portal, Span, Tooltip } from '@chakra-ui/react';

export type TruncatedTextProps = {
  /** The whole text: cut with an ellipsis when it does not fit, shown whole in a tooltip then. */
  text: string;
};

const isCut = (element: HTMLElement | null) => element !== null && element.scrollWidth > element.clientWidth;

/**
 * One line of text that fits its box (a table cell of a fixed width): what does not fit is cut with an
 * ellipsis, and pointing at it shows the whole text in a tooltip. The whole text stays in the page, so
 * screen readers and copying get all of it; a text that fits opens no tooltip.
 */
export function TruncatedText({ text }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Root open={open} onOpenChange={(details) => setOpen(details.open && isCut(ref.current))} openDelay={300}>
      <Tooltip.Trigger asChild>
        <Span ref={ref} display="block" truncate>
          {text}
        </Span>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
