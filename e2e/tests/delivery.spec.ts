import { expect, test } from "@playwright/test";

test("issue 6.15: the client's assets are served pre-compressed by Accept-Encoding", async ({ request }) => {
  const html = await (await request.get("/login")).text();
  const script = html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const fetchAs = (encoding: string) =>
    request.get(script ?? "", { headers: { "accept-encoding": encoding } });

  const plain = await fetchAs("identity");
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const size = Number(plain.headers()["content-length"]);
  for (const encoding of ["br", "gzip"]) {
    const compressed = await fetchAs(encoding);
    expect(compressed.headers()["content-encoding"]).toBe(encoding);
    expect(compressed.headers().vary).toContain("Accept-Encoding");
    expect(compressed.headers()["content-type"]).toContain("javascript");
    // Compressed to well under half: the figures `pnpm bench` reports depend on it.
    expect(Number(compressed.headers()["content-length"])).toBeLessThan(size / 2);
  }
  // Playwright's request decodes the body: the same script either way.
  expect((await (await fetchAs("br")).body()).equals(await plain.body())).toBe(true);
});

test("issue 6.15: sign-up shows its form without the strength estimator, which loads on the first keystroke", async ({
  page,
}) => {
  const estimator: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("password-estimator")) estimator.push(r.url());
  });
  await page.goto("/signup");
  const password = page.getByRole("textbox", { name: "Password" }).first();
  await expect(password).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(estimator).toEqual([]);

  const loaded = page.waitForRequest((r) => r.url().includes("password-estimator"));
  await password.fill("a few unrelated words");
  await loaded;
  await expect(page.getByText(/Strength:/)).toBeVisible();
});
