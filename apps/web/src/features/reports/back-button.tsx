import { Trans } from "@lingui/react/macro";
import { Button } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useCanGoBack, useRouter } from "@tanstack/react-router";

/** Back in the browser's history, or to `fallback` when the page was opened directly (document 2 §2). */
export function BackButton({ fallback }: { fallback: string }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ href: fallback }))}
      w="fit-content"
    >
      <Trans>Back</Trans>
    </Button>
  );
}
