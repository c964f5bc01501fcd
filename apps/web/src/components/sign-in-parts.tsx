import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, TextInput, type TextInputProps } from "@mantine/core";

/** The sign-in name: an e-mail address, or the username of a shared device user. */
export function LoginInput(props: TextInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Username or e-mail`}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

/** The way back from a step of signing in (code, new password, unconfirmed e-mail). */
export function BackToSignIn({ onClick }: { onClick: () => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick} ta="center">
      <Trans>Back to sign in</Trans>
    </Anchor>
  );
}
