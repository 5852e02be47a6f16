import { Link as RouterLink } from 'react-router-dom';
import { useAppStore } from '@baridesk/store';
import { Box, Button, Heading, Text } from '@baridesk/ui';
import { homeOf } from '../routes/access';

/**
 * Any path no page owns. The words are the spec's; the link goes to the user's own dashboard.
 * `standalone`: outside the layouts, the page is its own main landmark; inside one, the layout's is.
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const user = useAppStore((s) => s.user);
  return (
    <Box as={standalone ? 'main' : 'section'} textAlign="center" py="16" px="6">
      <Heading as="h1" size="2xl" mb="3">
        Ooops! Page not found.
      </Heading>
      <Text mb="6">Don&apos;t worry though, we have plenty of other pages to explore</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={user ? homeOf(user) : '/dashboard'}>Back to dashboard</RouterLink>
      </Button>
    </Box>
  );
}
