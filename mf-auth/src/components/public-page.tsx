import type { ReactNode } from 'react';
import { Box, Flex, Text } from '@baridesk/ui';

export const BRAND = 'BariDesk';

/**
 * The frame of the signed-out screens (login now; forgot, reset and set password later): the brand
 * at the top, the screen's card in the middle, the all-rights-reserved line at the bottom.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Box as="header" px={{ base: '4', md: '8' }} py="4" borderBottomWidth="1px" bg="bg">
        <Text fontSize="2xl" fontWeight="bold" color="brand.solid" letterSpacing="tight">
          {BRAND}
        </Text>
      </Box>
      <Flex as="main" flex="1" align="flex-start" justify="center" px="4" py={{ base: '6', md: '12' }}>
        <Box w="full" maxW="md" bg="bg" borderWidth="1px" borderRadius="l3" boxShadow="sm">
          {children}
        </Box>
      </Flex>
      <Box as="footer" py="4" px="4" textAlign="center" borderTopWidth="1px" bg="bg">
        <Text fontSize="sm" color="fg.muted">
          {`© ${new Date().getFullYear()} ${BRAND}. All rights reserved.`}
        </Text>
      </Box>
    </Flex>
  );
}
