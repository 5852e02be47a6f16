import { useEffect, useId, type ReactNode } from 'react';
import { Box, Flex, Heading, HStack } from '@chakra-ui/react';

export const APP_NAME = 'BariDesk';

export type PageFrameProps = {
  title: string;
  /** Buttons or links shown at the right of the title (e.g. "Add Patient"). */
  actions?: ReactNode;
  children?: ReactNode;
};

/** The frame of a screen: its h1, its actions, its content; names the browser tab "<title> · BariDesk". */
export function PageFrame({ title, actions, children }: PageFrameProps) {
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
      <Flex align="center" justify="space-between" gap="4" wrap="wrap" mb="5">
        <Heading as="h1" id={titleId} size="xl" fontWeight="semibold">
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
