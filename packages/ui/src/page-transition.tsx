import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { PAGE_TRANSITION_MS } from '@baridesk/domain';

export type PageTransitionProps = {
  /** Changes with the page (the router location's key): each new page zooms in. */
  locationKey: string;
  children: ReactNode;
};

/** The short zoom-in of a page change (200 ms, spec section 2); none when the user asks for reduced motion. */
export function PageTransition({ locationKey, children }: PageTransitionProps) {
  return (
    <Box
      key={locationKey}
      data-page-transition=""
      animationName="scale-in, fade-in"
      animationDuration={`${PAGE_TRANSITION_MS}ms`}
      animationTimingFunction="ease-out"
      _motionReduce={{ animation: 'none' }}
    >
      {children}
    </Box>
  );
}
