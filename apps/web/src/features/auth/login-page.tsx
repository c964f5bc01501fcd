import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconCircleCheck } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { PublicLayout } from "../../components/public-layout";
import { useTRPC } from "../../lib/trpc";
import { ForgotPassword } from "./forgot-password";
import { LegalLinks } from "./legal-links";
import { NewPasswordForm } from "./new-password-form";
import { SignInForm } from "./sign-in-form";
import { TotpChallenge } from "./totp-challenge";
import { UnconfirmedView } from "./unconfirmed-view";

export type SignInStatus = "SIGNED_IN" | "MFA_REQUIRED" | "NEW_PASSWORD_REQUIRED";

type Step =
  | { kind: "signIn"; notice?: "passwordReset" }
  | { kind: "totp" }
  | { kind: "newPassword" }
  | { kind: "forgot" }
  | { kind: "unconfirmed"; email: string };

export interface LoginPageProps {
  /** Where to go after sign-in (already checked to stay inside the app). */
  redirectTo: string;
  emailConfirmed: boolean;
}

/**
 * Sign-in and its branches (document 1 §4): two-step code, required new password, forgot
 * password, unconfirmed e-mail.
 */
export function LoginPage({ redirectTo, emailConfirmed }: LoginPageProps) {
  const { t } = useLingui();
  useDocumentTitle(`${t`Sign in`} · Kunto`);
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "signIn" });
  const [username, setUsername] = useState("");
  const signOut = useMutation(trpc.auth.signOut.mutationOptions());

  const enterApp = async () => {
    // Nothing cached from an earlier session may leak into this one.
    queryClient.clear();
    await router.navigate({ href: redirectTo, replace: true });
  };

  const onStatus = (status: SignInStatus) => {
    if (status === "SIGNED_IN") void enterApp();
    else if (status === "MFA_REQUIRED") setStep({ kind: "totp" });
    else setStep({ kind: "newPassword" });
  };

  const backToSignIn = () => {
    // Drops a half-finished session (code or new password pending).
    if (step.kind === "totp" || step.kind === "newPassword") signOut.mutate({});
    setStep({ kind: "signIn" });
  };

  return (
    <PublicLayout footer={<LegalLinks />}>
      <Stack gap="lg">
        {emailConfirmed && step.kind === "signIn" ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            <Trans>Your e-mail address is confirmed. You can now sign in.</Trans>
          </Alert>
        ) : null}
        {step.kind === "signIn" && step.notice === "passwordReset" ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            <Trans>Your password has been changed. Sign in with the new password.</Trans>
          </Alert>
        ) : null}
        {step.kind === "signIn" ? (
          <SignInForm
            initialUsername={username}
            onStatus={(status, login) => {
              setUsername(login);
              onStatus(status);
            }}
            onUnconfirmed={(email) => setStep({ kind: "unconfirmed", email })}
            onForgotPassword={(login) => {
              setUsername(login);
              setStep({ kind: "forgot" });
            }}
          />
        ) : null}
        {step.kind === "totp" ? <TotpChallenge onStatus={onStatus} onCancel={backToSignIn} /> : null}
        {step.kind === "newPassword" ? (
          <NewPasswordForm username={username} onDone={() => void enterApp()} onCancel={backToSignIn} />
        ) : null}
        {step.kind === "forgot" ? (
          <ForgotPassword
            initialUsername={username}
            onReset={(login) => {
              setUsername(login);
              setStep({ kind: "signIn", notice: "passwordReset" });
            }}
            onCancel={() => setStep({ kind: "signIn" })}
          />
        ) : null}
        {step.kind === "unconfirmed" ? (
          <UnconfirmedView email={step.email} onBack={() => setStep({ kind: "signIn" })} />
        ) : null}
      </Stack>
    </PublicLayout>
  );
}
