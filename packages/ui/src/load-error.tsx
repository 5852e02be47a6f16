import { Alert, Button, type AlertRootProps } from '@chakra-ui/react';

export type LoadErrorProps = {
  /** What could not be loaded, as a sentence ("The quotes could not be loaded."). */
  title: string;
  /** Why: the request's error message. */
  message: string;
  onRetry: () => void;
  mb?: AlertRootProps['mb'];
};

/** A screen's data could not be loaded: says what and why, with a Try again button. */
export function LoadError({ title, message, onRetry, mb }: LoadErrorProps) {
  return (
    <Alert.Root status="error" mb={mb}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}
