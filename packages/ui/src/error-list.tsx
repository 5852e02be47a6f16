import { Box } from '@chakra-ui/react';
import { errorList, type FieldErrors } from '@baridesk/contracts';

export type ErrorListProps = {
  /** Messages, or a server's field-error map (listed field after field). */
  errors: readonly string[] | FieldErrors;
};

/** The messages of a failed action as a bulleted list (spec section 8); nothing when there are none. */
export function ErrorList({ errors }: ErrorListProps) {
  const messages = Array.isArray(errors) ? (errors as readonly string[]) : errorList(errors as FieldErrors);
  if (messages.length === 0) return null;
  return (
    <Box as="ul" role="alert" ps="5" listStyleType="disc" color="fg.error" textStyle="sm">
      {messages.map((message, index) => (
        <li key={index}>{message}</li>
      ))}
    </Box>
  );
}
