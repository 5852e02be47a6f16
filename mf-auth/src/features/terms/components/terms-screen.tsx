import { Link as RouterLink } from 'react-router-dom';
import { TERMS_AND_CONDITIONS } from '@baridesk/domain';
import { Box, Heading, HStack, Link, List, PageFrame, Stack, Text } from '@baridesk/ui';
import { PublicPage } from '../../../components/public-page';

const sectionId = (index: number) => `terms-section-${index + 1}`;

/**
 * /terms-and-conditions (public, signed in or not): the licence agreement, the same words as the
 * shell's terms modal (one source in @baridesk/domain), in a column sized for reading.
 */
export default function TermsScreen() {
  const { title, intro, sections, closing } = TERMS_AND_CONDITIONS;
  return (
    <PublicPage layout="wide">
      <PageFrame title="Terms and Conditions">
        <Stack as="article" gap="6" lineHeight="tall" aria-labelledby="terms-title">
          <Stack gap="3">
            <Heading as="h2" id="terms-title" size="lg">
              {title}
            </Heading>
            {intro.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>

          <Box as="nav" aria-label="Sections of the agreement" bg="bg.subtle" borderRadius="md" p="4">
            <Text fontWeight="semibold" mb="2">
              Contents
            </Text>
            <List.Root as="ol" listStyleType="none" gap="1" ps="0">
              {sections.map((section, index) => (
                <List.Item key={section.heading}>
                  <Link href={`#${sectionId(index)}`} colorPalette="brand">
                    {section.heading}
                  </Link>
                </List.Item>
              ))}
            </List.Root>
          </Box>

          {sections.map((section, index) => (
            <Stack as="section" key={section.heading} gap="2" aria-labelledby={sectionId(index)}>
              <Heading as="h3" size="md" id={sectionId(index)} scrollMarginTop="4">
                {section.heading}
              </Heading>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
            </Stack>
          ))}

          <Text fontWeight="medium">{closing}</Text>

          <HStack gap="4" wrap="wrap" pt="2" borderTopWidth="1px">
            <Link asChild colorPalette="brand">
              <RouterLink to="/home">BariDesk home</RouterLink>
            </Link>
            <Link asChild colorPalette="brand">
              <RouterLink to="/login">Log in</RouterLink>
            </Link>
          </HStack>
        </Stack>
      </PageFrame>
    </PublicPage>
  );
}
