import { Trans } from "@lingui/react/macro";
import { Anchor } from "@mantine/core";

/** The way back from a step of signing in (code, new password, unconfirmed e-mail). */
export function BackToSignIn({ onClick }: { onClick: () => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick} ta="center">
      <Trans>Back to sign in</Trans>
    </Anchor>
  );
}
