import { Trans } from "@lingui/react/macro";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { errorMessage } from "../lib/api-error";

/** A list that could not be loaded: the error's words and a retry, inside the list's card. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" m="md" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
