import { expect, test } from "@playwright/test";
import { ADMIN, demoContext, settled, signedInContext } from "./support";

interface Template {
  key: string;
  active: boolean;
  questions: Array<{ key: string; type: string; order: number; group: string | null; title: { en: string } }>;
}

test("a platform admin duplicates the default personnel template, edits it, and activates it (issue 7)", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, ADMIN);
  const page = await context.newPage();
  const write = { headers: { "content-type": "application/json", origin: baseURL ?? "" }, data: {} };
  const stamp = Date.now().toString(36);

  await page.goto("/");
  await page.getByRole("navigation").getByRole("link", { name: "Survey templates" }).click();
  await settled(page, "Survey templates");
  const activeSection = page.getByRole("region", { name: "Active", exact: true });
  await activeSection
    .getByTestId("template-default-personnel")
    .getByRole("button", { name: /^Actions for / })
    .click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByText("The survey template was duplicated.")).toBeVisible();
  await expect(page).toHaveURL(/\/surveytemplates\/(?!default-personnel)[a-z0-9]+$/);
  const key = page.url().split("/").pop() ?? "";
  await settled(page, "Personnel survey, version 1");

  try {
    await page.getByRole("tab", { name: /^Questions/ }).click();
    const edited = `How well does your team share information (${stamp})?`;
    await page
      .getByRole("textbox", { name: /^Question \(English\)/ })
      .first()
      .fill(edited);

    await page.getByRole("button", { name: "Add question group" }).click();
    await page
      .getByRole("textbox", { name: /^Group title \(English\)/ })
      .last()
      .fill(`Extra ${stamp}`);
    await page.getByRole("button", { name: "Add question", exact: true }).click();
    await page
      .getByRole("textbox", { name: /^Question \(English\)/ })
      .last()
      .fill(`Slider ${stamp}`);
    const count = await page.locator("[data-testid^=question-]").count();
    await expect(page.getByTestId(`question-${count - 1}`).getByLabel(/^Type/)).toHaveValue("Slider");

    // The side panel scrolls to the chosen question and puts the focus on it.
    await page
      .getByRole("navigation", { name: "Questions of the template" })
      .getByRole("button")
      .first()
      .click();
    await expect(page.getByTestId("question-0").getByRole("heading")).toBeFocused();
    await page
      .getByRole("navigation", { name: "Questions of the template" })
      .getByRole("button", { name: `Slider ${stamp}` })
      .click();
    await expect(page.getByTestId(`question-${count - 1}`).getByRole("heading")).toBeFocused();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    // Not used by any survey yet: saved in place, under the same key.
    await expect(page).toHaveURL(new RegExp(`/surveytemplates/${key}$`));

    const saved = (await (await page.request.get(`/api/surveytemplate/${key}`)).json()) as Template;
    expect(saved.questions.some((q) => q.title.en === edited)).toBe(true);
    const group = saved.questions.at(-2);
    const slider = saved.questions.at(-1);
    expect(group).toMatchObject({ type: "GROUP", title: { en: `Extra ${stamp}` }, group: null });
    expect(slider).toMatchObject({ type: "SLIDER", title: { en: `Slider ${stamp}` }, group: group?.key });
    expect(saved.questions.map((q) => q.order)).toEqual(saved.questions.map((_, i) => (i + 1) * 10));

    await page.getByRole("link", { name: "Back to survey templates" }).click();
    await settled(page, "Survey templates");
    await page
      .getByTestId(`template-${key}`)
      .getByRole("button", { name: /^Actions for / })
      .click();
    await page.getByRole("menuitem", { name: "Activate" }).click();
    await expect(page.getByText("New surveys now use this template.")).toBeVisible();
    await expect(activeSection.getByTestId(`template-${key}`)).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Not active" }).getByTestId("template-default-personnel"),
    ).toBeVisible();
    const list = (await (await page.request.get("/api/surveytemplate")).json()) as Template[];
    expect(list.find((t) => t.key === key)?.active).toBe(true);
    expect(list.find((t) => t.key === "default-personnel")?.active).toBe(false);
  } finally {
    // The suite runs again on the same database: the default is the active one again.
    await page.request.post("/api/surveytemplate/default-personnel/activate", write);
    await page.request.delete(`/api/surveytemplate/${key}`, write);
  }

  // A new template shows the validation hint instead of saving.
  await page.goto("/surveytemplates/new");
  await settled(page, "New survey template");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 validation errors" })).toBeVisible();
  await expect(page.getByText("Choose the survey type.")).toBeVisible();
  await context.close();

  // Not for an organisation's admin.
  const demo = await demoContext(browser);
  const demoPage = await demo.newPage();
  await demoPage.goto("/surveytemplates");
  await expect(demoPage).toHaveURL(/\/access_denied$/);
  await demo.close();
});
