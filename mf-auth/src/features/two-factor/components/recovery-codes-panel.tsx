import { useEffect, useId, useRef, useState } from 'react';
import { saveBlob } from '@baridesk/api-client';
import { Box, Button, Flex, Heading, List, Stack, Text } from '@baridesk/ui';
import { Checkbox } from '@baridesk/ui/controls';
import { copyText } from './clipboard';

export type RecoveryCodesPanelProps = {
  codes: readonly string[];
  /** The button that goes on once the user says the codes are saved ("Continue", "Done"). */
  doneLabel: string;
  onDone: () => void;
};

const fileText = (codes: readonly string[]) =>
  ['BariDesk recovery codes', 'Each code signs you in once, in place of the authenticator app.', '', ...codes, ''].join('\n');

/**
 * The recovery codes, shown once (only their hashes are kept): to copy, download or print, and the user
 * says they are saved before going on.
 */
export function RecoveryCodesPanel({ codes, doneLabel, onDone }: RecoveryCodesPanelProps) {
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that led here is gone: the user (and a screen reader) lands on what to do next.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="4" role="region" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} tabIndex={-1} ref={heading}>
        Save your recovery codes
      </Heading>
      <Text>
        If you lose your phone, each of these codes signs you in once in place of the app. They are shown only now: keep them
        somewhere safe, away from your phone.
      </Text>
      <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
        <List.Root as="ol" listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="1" fontFamily="mono" fontSize="md">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List.Root>
      </Box>
      <Flex gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => void copyText(codes.join('\n'), 'Recovery codes')}>
          Copy
        </Button>
        <Button size="sm" variant="outline" onClick={() => saveBlob(new Blob([fileText(codes)], { type: 'text/plain' }), 'baridesk-recovery-codes.txt')}>
          Download
        </Button>
        <Button size="sm" variant="outline" onClick={() => window.print()}>
          Print
        </Button>
      </Flex>
      <Checkbox.Root checked={saved} onCheckedChange={(details) => setSaved(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>I have saved my recovery codes</Checkbox.Label>
      </Checkbox.Root>
      <Box>
        <Button colorPalette="brand" disabled={!saved} onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
    </Stack>
  );
}
