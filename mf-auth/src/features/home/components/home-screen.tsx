import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppStore } from '@baridesk/store';
import { Box, Button, Card, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@baridesk/ui';
import { BRAND, PublicPage } from '../../../components/public-page';

/** What a practice gets, in its own words. */
const FEATURES = [
  {
    title: 'Every patient, every stage',
    text: 'Follow each patient from the first seminar to surgery and weight management, with a pipeline board, checklists and surgery-date reports.',
  },
  {
    title: 'Your own patient app',
    text: 'Publish your team, education, diet guidelines, videos and support groups in the BariDesk patient app, under your program’s name.',
  },
  {
    title: 'Messages and events',
    text: 'Send on-demand, scheduled and automatic messages, and run support groups and seminars from one event calendar.',
  },
  {
    title: 'Logs you can act on',
    text: 'See weight, food, water and nutrition logs as patients record them, and spot who has stalled or never opened the app.',
  },
  {
    title: 'Reports for the whole program',
    text: 'Pre-op, post-op, surgery volume and attendance reports, ready to export to Excel or PDF.',
  },
  {
    title: 'Private by design',
    text: 'Each program sees only its own patients; every read or change of patient data is audited.',
  },
] as const;

/** /home (public): what BariDesk is, for a practice deciding whether to use it. */
export default function HomeScreen() {
  const user = useAppStore((state) => state.user);
  useEffect(() => {
    const previous = document.title;
    document.title = `${BRAND} · The dashboard of bariatric surgery programs`;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <PublicPage layout="full">
      <Box as="section" aria-labelledby="home-title" bg="bg" borderBottomWidth="1px">
        <Container maxW="5xl" py={{ base: '10', md: '20' }} px={{ base: '4', md: '8' }}>
          <Stack gap="5" maxW="2xl">
            <Heading as="h1" id="home-title" size={{ base: '3xl', md: '5xl' }} lineHeight="shorter">
              The dashboard of your bariatric surgery program
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
              {BRAND} brings your patients, their pipeline from consultation to surgery and beyond, your messages and
              events, and the content of your patient app into one place — for surgeons, coordinators and dietitians alike.
            </Text>
            <HStack gap="3" wrap="wrap">
              {user ? (
                <Button asChild colorPalette="brand" size="lg">
                  <RouterLink to={user.type === 'super_admin' ? '/admin/dashboard' : '/dashboard'}>Go to your dashboard</RouterLink>
                </Button>
              ) : (
                <>
                  <Button asChild colorPalette="brand" size="lg">
                    <RouterLink to="/login">Log in</RouterLink>
                  </Button>
                  <Button asChild variant="outline" colorPalette="brand" size="lg">
                    <RouterLink to="/register">Register your practice</RouterLink>
                  </Button>
                </>
              )}
            </HStack>
          </Stack>
        </Container>
      </Box>

      <Container as="section" aria-labelledby="home-features" maxW="5xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '8' }}>
        <Heading as="h2" id="home-features" size="xl" mb="6">
          What {BRAND} does for your practice
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {FEATURES.map((feature) => (
            <Card.Root as="li" key={feature.title} variant="outline">
              <Card.Body gap="2">
                <Heading as="h3" size="md">
                  {feature.title}
                </Heading>
                <Text color="fg.muted">{feature.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Text mt="8" fontSize="sm" color="fg.muted">
          Free of charge to practitioners. Read the{' '}
          <Link asChild colorPalette="brand">
            <RouterLink to="/terms-and-conditions">terms and conditions</RouterLink>
          </Link>
          .
        </Text>
      </Container>
    </PublicPage>
  );
}
