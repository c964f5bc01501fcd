import { Trans } from "@lingui/react/macro";
import { api } from "./api";
import { NEW_PASSWORD_FIELDS, NewPasswordFields, useNewPassword } from "./new-password";
import { BackToSignIn, ErrorAlert, Heading, SubmitButton, useStepForm } from "./parts";

/** Required-new-password challenge: users created with a temporary password choose their own. */
export function NewPasswordStep({
  username,
  onDone,
  onCancel,
}: {
  username: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const userInputs = [username];
  const password = useNewPassword(userInputs);
  const form = useStepForm(["newPassword", "repeat"], NEW_PASSWORD_FIELDS);
  return (
    <div className="stack">
      <Heading
        title={<Trans>Choose a new password</Trans>}
        description={
          <Trans>Your account has a temporary password. Choose your own password to continue.</Trans>
        }
      />
      <form
        className="stack form"
        noValidate
        onSubmit={(event) =>
          void form.submit(event, password.errors(), async () => {
            await api.completeNewPassword(password.values.newPassword);
            onDone();
          })
        }
      >
        <ErrorAlert error={form.alert} />
        <NewPasswordFields state={password} errors={form.errors} userInputs={userInputs} autoFocus />
        <SubmitButton busy={form.busy}>
          <Trans>Save and continue</Trans>
        </SubmitButton>
      </form>
      <BackToSignIn onClick={onCancel} />
    </div>
  );
}
