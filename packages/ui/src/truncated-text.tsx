import { useEffect, useId, useRef, useState } from 'react';
import { Box, Portal, Span } from '@chakra-ui/react';

export type TruncatedTextProps = {
  /** The whole text: cut with an ellipsis when it does not fit, shown whole in a tooltip then. */
  text: string;
};

const isCut = (element: HTMLElement | null) => element !== null && element.scrollWidth > element.clientWidth;

/** Where the tooltip goes: under the text, in the viewport. */
type Place = { top: number; left: number };

/**
 * One line of text that fits its box (a table cell of a fixed width): what does not fit is cut with an
 * ellipsis, and pointing at it shows the whole text in a tooltip (Escape or leaving closes it). The whole
 * text stays in the page, so screen readers and copying get all of it; a text that fits opens no tooltip.
 * Nothing but a span until then: a list shows hundreds of these, so none carries a tooltip machine.
 */
export function TruncatedText({ text }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const tooltipId = useId();
  const [place, setPlace] = useState<Place | null>(null);

  useEffect(() => {
    if (!place) return;
    const close = () => setPlace(null);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
    };
  }, [place]);

  const open = () => {
    const element = ref.current;
    if (!element || !isCut(element)) return;
    const box = element.getBoundingClientRect();
    setPlace({ top: box.bottom + 4, left: box.left });
  };

  return (
    <>
      <Span
        ref={ref}
        display="block"
        truncate
        aria-describedby={place ? tooltipId : undefined}
        onPointerEnter={open}
        onPointerLeave={() => setPlace(null)}
      >
        {text}
      </Span>
      {place ? (
        <Portal>
          <Box
            role="tooltip"
            id={tooltipId}
            position="fixed"
            top={`${place.top}px`}
            left={`${place.left}px`}
            zIndex="tooltip"
            maxW="xs"
            px="2.5"
            py="1"
            rounded="l2"
            bg="gray.900"
            color="white"
            textStyle="xs"
            boxShadow="md"
            pointerEvents="none"
            whiteSpace="normal"
          >
            {text}
          </Box>
        </Portal>
      ) : null}
    </>
  );
}
