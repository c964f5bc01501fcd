import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { api } from "./api";
import { BackToSignIn, ErrorAlert, Heading, Notice, useStepForm } from "./parts";

/** Sign-in of a user whose e-mail is not confirmed yet: explain, offer to resend the link. */
export function UnconfirmedStep({ email, onBack }: { email: string; onBack: () => void }) {
  const [sent, setSent] = useState(false);
  const form = useStepForm([]);
  return (
    <div className="stack">
      <span className="round-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
          <path d="M3 7l9 6 9-6" />
        </svg>
      </span>
      <Heading
        focus
        title={<Trans>Confirm your e-mail address</Trans>}
        description={
          <Trans>
            We have sent a confirmation link to <b>{email}</b>. Open the link in the message to activate your
            account, then sign in.
          </Trans>
        }
      />
      <ErrorAlert error={form.alert} />
      {sent ? (
        <Notice>
          <Trans>A new confirmation link has been sent. Check your inbox and spam folder.</Trans>
        </Notice>
      ) : null}
      <button
        type="button"
        className="button light"
        aria-disabled={form.busy || undefined}
        data-busy={form.busy || undefined}
        onClick={() => {
          setSent(false);
          void form.submit(null, {}, async () => {
            await api.resendConfirmation(email);
            setSent(true);
            return "stay";
          });
        }}
      >
        <Trans>Send the link again</Trans>
      </button>
      <BackToSignIn onClick={onBack} />
    </div>
  );
}
