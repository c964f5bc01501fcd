import { LANGUAGES } from "@kunto/core";
import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATES, type MailKind, type MailVars, REDACTED, renderMail } from "./templates";

/** A sample for every mail kind (the type demands one for a kind added later). */
const SAMPLES: { [K in MailKind]: MailVars<K> } = {
  confirmEmail: { link: "https://kunto.example/confirm-email?token=SECRET-TOKEN-1" },
  resetCode: { code: "SECRET-CODE-2" },
  invitation: {
    link: "https://kunto.example/?invitation=5b1c",
    organisation: "Sample Oy",
    inviter: "Maija Meikäläinen",
  },
  invitationSignUp: {
    link: "https://kunto.example/signup?email=someone%40example.com",
    organisation: "Sample Oy",
    inviter: "Maija Meikäläinen",
  },
  surveyInvitation: {
    link: "https://kunto.example/public/#/s/abc/sales",
    organisation: "Sample Oy",
    survey: "Spring survey",
  },
  surveyProgress: {
    link: "https://kunto.example/t/1/analyses/s/abc",
    organisation: "Sample Oy",
    survey: "Spring survey",
    period: "24.11.2026",
    newAnswers: "7",
    totalAnswers: "31",
    end: "30.11.2026",
  },
  surveyEnded: {
    link: "https://kunto.example/t/1/analyses/s/abc",
    organisation: "Sample Oy",
    survey: "Spring survey",
    totalAnswers: "31",
  },
  trialEnding: {
    link: "https://kunto.example/t/1/settings",
    organisation: "Sample Oy",
    plan: "PRO",
    date: "27.11.2026",
  },
};

describe("issue 6.10: a mail's text without its secrets", () => {
  for (const kind of Object.keys(MAIL_TEMPLATES) as MailKind[]) {
    it(`${kind}: every secret variable is replaced, everything else kept, in all five languages`, () => {
      const secrets = MAIL_TEMPLATES[kind].secrets as readonly string[];
      const vars = SAMPLES[kind] as Record<string, string>;
      for (const language of LANGUAGES) {
        const mail = renderMail(kind, language, SAMPLES[kind] as never);
        for (const value of Object.values(vars)) expect(mail.text).toContain(value);
        if (secrets.length === 0) {
          expect(mail.redactedText).toBeNull();
          continue;
        }
        for (const [name, value] of Object.entries(vars)) {
          if (secrets.includes(name)) expect(mail.redactedText).not.toContain(value);
          else expect(mail.redactedText).toContain(value);
        }
        expect(mail.redactedText).toContain(REDACTED);
      }
    });
  }

  it("names as secret every variable that opens something", () => {
    expect(MAIL_TEMPLATES.confirmEmail.secrets).toEqual(["link"]);
    expect(MAIL_TEMPLATES.resetCode.secrets).toEqual(["code"]);
    // An invitation opens nothing by itself: the invitee still signs in with that address.
    expect(MAIL_TEMPLATES.invitation.secrets).toEqual([]);
    expect(MAIL_TEMPLATES.invitationSignUp.secrets).toEqual([]);
  });
});
