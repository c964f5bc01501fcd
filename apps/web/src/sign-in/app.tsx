import type { Language } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { markLanguageChosenSignedOut } from "../lib/language-choice";
import { api, type SignInStatus } from "./api";
import { ForgotPassword } from "./forgot-password";
import { activate } from "./i18n";
import { NewPasswordStep } from "./new-password-step";
import { Notice } from "./parts";
import { Shell } from "./shell";
import { SignInStep } from "./sign-in-step";
import { TotpStep } from "./totp-step";
import { UnconfirmedStep } from "./unconfirmed-step";

type Step =
  | { kind: "signIn"; notice?: "passwordReset" }
  | { kind: "totp" }
  | { kind: "newPassword" }
  | { kind: "forgot" }
  | { kind: "unconfirmed"; email: string };

export interface SignInPageProps {
  /** Where to go after sign-in (already checked to stay inside the app). */
  redirectTo: string;
  emailConfirmed: boolean;
  language: Language;
}

/**
 * Sign-in and its branches (document 1 §4): two-step code, required new password, forgot
 * password, unconfirmed e-mail. Signed in, the person goes on to the app with a full page load.
 */
export function SignInPage({ redirectTo, emailConfirmed, language: initialLanguage }: SignInPageProps) {
  const { t } = useLingui();
  const [language, setLanguage] = useState(initialLanguage);
  const [step, setStep] = useState<Step>({ kind: "signIn" });
  const [username, setUsername] = useState("");

  const title = `${t`Sign in`} · Kunto`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  const chooseLanguage = (next: Language) => {
    // The app starts in this language, and keeps it as the user's after sign-in (syncUserLanguage).
    markLanguageChosenSignedOut();
    void activate(next).then(() => setLanguage(next));
  };
  const enterApp = () => location.replace(redirectTo);
  const onStatus = (status: SignInStatus) => {
    if (status === "SIGNED_IN") enterApp();
    else setStep({ kind: status === "MFA_REQUIRED" ? "totp" : "newPassword" });
  };
  const backToSignIn = () => {
    // Drops a half-finished session (code or new password pending).
    if (step.kind === "totp" || step.kind === "newPassword") void api.signOut().catch(() => undefined);
    setStep({ kind: "signIn" });
  };

  return (
    <Shell language={language} onLanguage={chooseLanguage}>
      {step.kind === "signIn" ? (
        <SignInStep
          initialUsername={username}
          notice={
            emailConfirmed || step.notice ? (
              <Notice>
                {step.notice === "passwordReset" ? (
                  <Trans>Your password has been changed. Sign in with the new password.</Trans>
                ) : (
                  <Trans>Your e-mail address is confirmed. You can now sign in.</Trans>
                )}
              </Notice>
            ) : null
          }
          onStatus={(status, login) => {
            setUsername(login);
            onStatus(status);
          }}
          onUnconfirmed={(email) => {
            setUsername(email);
            setStep({ kind: "unconfirmed", email });
          }}
          onForgotPassword={(login) => {
            setUsername(login);
            setStep({ kind: "forgot" });
          }}
        />
      ) : null}
      {step.kind === "totp" ? <TotpStep onStatus={onStatus} onCancel={backToSignIn} /> : null}
      {step.kind === "newPassword" ? (
        <NewPasswordStep username={username} onDone={enterApp} onCancel={backToSignIn} />
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
        <UnconfirmedStep email={step.email} onBack={() => setStep({ kind: "signIn" })} />
      ) : null}
    </Shell>
  );
}
