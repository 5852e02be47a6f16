import { useEffect, useId, type ReactNode } from 'react';
import { Box, Flex, Heading, HStack } from '@chakra-ui/react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

export const APP_NAME = 'BariDesk';

export type PageFrameProps = {
  title: string;
  /** Buttons or links shown at the right of the title (e.g. "Add Patient"). */
  actions?: ReactNode;
  /** The trail above the title on a screen below a list (the record, its edit form, its logs). */
  breadcrumbs?: readonly Crumb[];
  children?: ReactNode;
};

/**
 * The frame of a screen: its breadcrumbs, its h1, its actions, its content; names the browser tab
 * "<title> · BariDesk". The h1 takes focus from the shell after a page change (tabIndex -1: focusable
 * from script only, never a Tab stop).
 */
export function PageFrame({ title, actions, breadcrumbs, children }: PageFrameProps) {
  const titleId = useId();
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <Box as="section" aria-labelledby={titleId} px={{ base: '4', md: '6' }} py="5">
      {breadcrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
      <Flex align="center" justify="space-between" gap="4" wrap="wrap" mb="5">
        <Heading as="h1" id={titleId} size="xl" fontWeight="semibold" tabIndex={-1} outline="none">
          {title}
        </Heading>
        {actions ? (
          <HStack gap="2" wrap="wrap">
            {actions}
          </HStack>
        ) : null}
      </Flex>
      {children}
    </Box>
  );
}
