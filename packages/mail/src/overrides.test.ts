import { describe, expect, it } from "vitest";
import { REDACTED, renderMail } from "./templates";

/** The translations editor's stored mail texts (docs/decisions.md "Translations editor"). */
describe("renderMail with stored texts", () => {
  it("uses a stored subject and body, filling their {var} placeholders", () => {
    const mail = renderMail(
      "surveyEnded",
      "en",
      { link: "https://x.test/r", organisation: "Acme", survey: "Spring", totalAnswers: "12" },
      {
        subject: "Done: results",
        body: "{survey} of {organisation}: {totalAnswers} answers, {link} {unknown}",
      },
    );
    expect(mail.subject).toBe("Done: results");
    expect(mail.text).toBe("Spring of Acme: 12 answers, https://x.test/r {unknown}");
    expect(mail.redactedText).toBeNull();
  });

  it("redacts the secrets of a stored body as of the built-in one", () => {
    const mail = renderMail("resetCode", "fi", { code: "12345678" }, { body: "Koodi: {code}" });
    expect(mail.text).toBe("Koodi: 12345678");
    expect(mail.redactedText).toBe(`Koodi: ${REDACTED}`);
    // No stored subject: the built-in one of the language.
    expect(mail.subject).toBe("Kunto-salasanasi palautuskoodi");
  });

  it("keeps the built-in texts without stored ones", () => {
    const vars = { code: "1" };
    expect(renderMail("resetCode", "pl", vars, {})).toEqual(renderMail("resetCode", "pl", vars));
  });
});
