import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { api } from "./api";
import { NEW_PASSWORD_FIELDS, NewPasswordFields, useNewPassword } from "./new-password";
import { BackToSignIn, ErrorAlert, Field, Heading, LoginField, SubmitButton, useStepForm } from "./parts";
import { loginError, requiredError } from "./validation";

export interface ForgotPasswordProps {
  initialUsername: string;
  /** After a successful reset, with the login to prefill. */
  onReset: (username: string) => void;
  onCancel: () => void;
}

/**
 * Forgot password (document 1 §4): send a code, then the code and a new password. The code
 * step follows whether or not the account exists; the demo account is refused.
 */
export function ForgotPassword({ initialUsername, onReset, onCancel }: ForgotPasswordProps) {
  const [username, setUsername] = useState<string | null>(null);
  return username === null ? (
    <SendCode initialUsername={initialUsername} onSent={setUsername} onCancel={onCancel} />
  ) : (
    <ResetWithCode
      username={username}
      onReset={() => onReset(username)}
      onResend={() => setUsername(null)}
      onCancel={onCancel}
    />
  );
}

function SendCode({
  initialUsername,
  onSent,
  onCancel,
}: {
  initialUsername: string;
  onSent: (username: string) => void;
  onCancel: () => void;
}) {
  const [username, setUsername] = useState(initialUsername);
  const form = useStepForm(["username"]);
  return (
    <div className="stack">
      <Heading
        title={<Trans>Forgot your password?</Trans>}
        description={
          <Trans>
            Enter your e-mail address or username. We will send a code for setting a new password.
          </Trans>
        }
      />
      <form
        className="stack form"
        noValidate
        onSubmit={(event) =>
          void form.submit(event, { username: loginError(username) }, async () => {
            await api.forgotPassword(username);
            onSent(username.trim().toLowerCase());
          })
        }
      >
        <ErrorAlert error={form.alert} />
        <LoginField autoFocus value={username} onValue={setUsername} error={form.errors.username} />
        <SubmitButton busy={form.busy}>
          <Trans>Send code</Trans>
        </SubmitButton>
      </form>
      <BackToSignIn onClick={onCancel} />
    </div>
  );
}

function ResetWithCode({
  username,
  onReset,
  onResend,
  onCancel,
}: {
  username: string;
  onReset: () => void;
  onResend: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const userInputs = [username];
  const password = useNewPassword(userInputs);
  const form = useStepForm(["code", "newPassword", "repeat"], {
    invalid_code: "code",
    code_expired: "code",
    ...NEW_PASSWORD_FIELDS,
  });
  return (
    <div className="stack">
      <Heading title={<Trans>Set a new password</Trans>} />
      <div className="alert alert-info">
        <Trans>
          If an account exists for <b>{username}</b>, a code has been sent to its e-mail address. The code is
          valid for 15 minutes.
        </Trans>
      </div>
      <form
        className="stack form"
        noValidate
        onSubmit={(event) =>
          void form.submit(event, { code: requiredError(code), ...password.errors() }, async () => {
            await api.resetPassword({ username, code, newPassword: password.values.newPassword });
            onReset();
          })
        }
      >
        <ErrorAlert error={form.alert} />
        <Field
          name="code"
          label={t`Code`}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          value={code}
          onValue={setCode}
          error={form.errors.code}
        />
        <NewPasswordFields state={password} errors={form.errors} userInputs={userInputs} />
        <SubmitButton busy={form.busy}>
          <Trans>Change password</Trans>
        </SubmitButton>
      </form>
      <div className="stack tight centred">
        <button type="button" className="link" onClick={onResend}>
          <Trans>Send a new code</Trans>
        </button>
        <BackToSignIn onClick={onCancel} />
      </div>
    </div>
  );
}
