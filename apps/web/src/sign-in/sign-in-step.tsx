import type { Language } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { api, type SignInStatus } from "./api";
import { i18n } from "./i18n";
import { ErrorAlert, Field, Heading, LoginField, SubmitButton, useStepForm } from "./parts";
import { loginError, passwordError } from "./validation";

export interface SignInStepProps {
  initialUsername: string;
  /** Notices above the form (e-mail confirmed, password changed). */
  notice: ReactNode;
  /** The password was right: signed in, or a code or a new password still to give. */
  onStatus: (status: SignInStatus, username: string) => void;
  onUnconfirmed: (email: string) => void;
  onForgotPassword: (username: string) => void;
}

/** Username or e-mail and password; "Try the demo"; the way to sign up (document 1 §4). */
export function SignInStep({
  initialUsername,
  notice,
  onStatus,
  onUnconfirmed,
  onForgotPassword,
}: SignInStepProps) {
  const { t } = useLingui();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState("");
  const [action, setAction] = useState<"signIn" | "demo">("signIn");
  const form = useStepForm(["username", "password"]);

  return (
    <div className="stack">
      <Heading title={<Trans>Sign in</Trans>} description={<Trans>Welcome back to Kunto.</Trans>} />
      {notice}
      <form
        className="stack form"
        noValidate
        onSubmit={(event) => {
          setAction("signIn");
          void form.submit(
            event,
            { username: loginError(username), password: passwordError(password) },
            async () => {
              const { status } = await api.signIn(username, password);
              onStatus(status, username);
            },
            (error) => {
              if (error.key !== "user_not_confirmed") return false;
              onUnconfirmed(username.trim().toLowerCase());
              return true;
            },
          );
        }}
      >
        <ErrorAlert error={form.alert} />
        <LoginField autoFocus value={username} onValue={setUsername} error={form.errors.username} />
        <Field
          name="password"
          type="password"
          label={t`Password`}
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={form.errors.password}
        />
        <div className="end">
          <button type="button" className="link" onClick={() => onForgotPassword(username)}>
            <Trans>Forgot password?</Trans>
          </button>
        </div>
        <SubmitButton busy={form.busy && action === "signIn"}>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </form>
      <div className="divider">
        <Trans>or</Trans>
      </div>
      <button
        type="button"
        className="button light"
        aria-disabled={form.busy || undefined}
        data-busy={(form.busy && action === "demo") || undefined}
        onClick={() => {
          setAction("demo");
          // Every visitor gets a private copy of the demo organisations (issue 6.6).
          void form.submit(null, {}, async () => {
            await api.startDemo(i18n.locale as Language);
            onStatus("SIGNED_IN", "");
          });
        }}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M7 4v16l13-8z" />
        </svg>
        <Trans>Try the demo</Trans>
      </button>
      <p className="centred small">
        <Trans>No account yet?</Trans>{" "}
        <a href="/signup" className="strong">
          <Trans>Sign up</Trans>
        </a>
      </p>
    </div>
  );
}
