import type { MfaEnrolment } from '@baridesk/contracts';
import { Box, Button, Code, Flex, Image, Link, List, Stack, Text } from '@baridesk/ui';
import { copyText } from './clipboard';

/** The key in groups of four, as authenticator apps print keys; screen readers spell it out group by group. */
const groupsOf = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * What adding BariDesk to an authenticator app takes: the QR code to scan, and the same key as text for
 * anyone who cannot scan it (a screen-reader user, the app on this same phone), with a link that opens
 * the app directly on a phone.
 */
export function EnrolmentPanel({ enrolment }: { enrolment: MfaEnrolment }) {
  return (
    <Stack gap="4">
      <List.Root as="ol" ps="5" gap="1">
        <List.Item>Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</List.Item>
        <List.Item>Scan the QR code with it, or enter the setup key.</List.Item>
        <List.Item>Enter the 6-digit code the app then shows.</List.Item>
      </List.Root>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'center', sm: 'flex-start' }}>
        <Box borderWidth="1px" borderRadius="md" p="2" bg="white" flexShrink={0}>
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt="QR code to scan with your authenticator app (the setup key beside it holds the same information)"
            width="44"
            height="44"
          />
        </Box>
        <Stack gap="2" minW="0" w="full">
          <Text fontWeight="semibold" id="mfa-setup-key-label">
            Setup key
          </Text>
          <Code
            aria-labelledby="mfa-setup-key-label"
            fontSize="md"
            px="2"
            py="1"
            whiteSpace="normal"
            overflowWrap="anywhere"
            data-testid="mfa-setup-key"
          >
            {groupsOf(enrolment.secret)}
          </Code>
          <Text fontSize="sm" color="fg.muted">
            Time-based, 6 digits, every 30 seconds. Spaces do not matter.
          </Text>
        </Stack>
      </Flex>
      {/* Below the code and the key, the card's whole width: beside them the longer label did not fit. */}
      <Flex gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => void copyText(enrolment.secret, 'Setup key')}>
          Copy key
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={enrolment.otpauthUrl}>Open in authenticator app</Link>
        </Button>
      </Flex>
    </Stack>
  );
}
