import type { FormEvent, ReactNode } from 'react';
import { Button, Card, chakra, Heading, Stack } from '@baridesk/ui';

type NoteFormCardProps = {
  /** The form's name for screen readers ("Add an internal note"). */
  label: string;
  heading: string;
  onSubmit: (event?: FormEvent) => unknown;
  submitting: boolean;
  /** The form's fields. */
  children: ReactNode;
};

/** The card every "add a note" form sits in: its heading, its fields and the Add note button. */
export function NoteFormCard({ label, heading, onSubmit, submitting, children }: NoteFormCardProps) {
  return (
    <Card.Root as="section" aria-label={label} variant="subtle">
      <Card.Body>
        <chakra.form onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            <Heading as="h3" size="sm">
              {heading}
            </Heading>
            {children}
            <div>
              <Button type="submit" loading={submitting}>
                Add note
              </Button>
            </div>
          </Stack>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
