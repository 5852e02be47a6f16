import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Flex, Link, Text } from '@baridesk/ui';

export const BRAND = 'BariDesk';

export type PublicPageProps = {
  children: ReactNode;
  /** `form`: one card, narrow enough for a phone and a focused form; `wide`: a readable text column; `full`: the page lays itself out. */
  layout?: 'form' | 'wide' | 'full';
};

const WIDTH = { form: 'md', wide: '3xl' } as const;

/**
 * The frame of the signed-out screens: the brand at the top (a link to the product's home page),
 * the screen in the middle, the all-rights-reserved line at the bottom.
 */
export function PublicPage({ children, layout = 'form' }: PublicPageProps) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" px={{ base: '4', md: '8' }} py="4" borderBottomWidth="1px" bg="bg">
        <Link asChild fontSize="2xl" fontWeight="bold" color="brand.solid" letterSpacing="tight" _hover={{ textDecoration: 'none' }}>
          <RouterLink to="/home">{BRAND}</RouterLink>
        </Link>
      </Box>
      {layout === 'full' ? (
        <Box as="main" flex="1">
          {children}
        </Box>
      ) : (
        <Flex as="main" flex="1" align="flex-start" justify="center" px={{ base: '3', sm: '4' }} py={{ base: '4', md: '12' }}>
          <Box w="full" maxW={WIDTH[layout]} bg="bg" borderWidth="1px" borderRadius="l3" boxShadow="sm">
            {children}
          </Box>
        </Flex>
      )}
      <Box as="footer" py="4" px="4" textAlign="center" borderTopWidth="1px" bg="bg">
        <Text fontSize="sm" color="fg.muted">
          {`© ${new Date().getFullYear()} ${BRAND}. All rights reserved.`}
        </Text>
      </Box>
    </Flex>
  );
}
