import { schema } from "@kunto/db";
import { eq, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interfaceTexts } from "../../../../packages/api/src/translations/catalog";
import { linguiMessageId } from "../../../../packages/api/src/translations/po";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { errorOf, outputOf, rest } from "../support/rest";

/** The translations editor (document 3 §2-§7, docs/decisions.md "Translations editor") over HTTP. */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
/** A second server process on the same database. */
let other: Awaited<ReturnType<typeof startServer>>;
let admin: Actor;
let tenantAdmin: Actor;
let member: Actor;
let anonymous: Actor;
let tenantId: string;

const SEARCH_TID = `ui.${linguiMessageId("Search")}`;
/** An interface text with a named placeholder, found in the catalog. */
const withPlaceholder = (() => {
  for (const [tid, texts] of interfaceTexts())
    if (/^[^{}]*\{\w+\}[^{}]*$/.test(texts.en) && !texts.en.includes("<")) return { tid, en: texts.en };
  throw new Error("no interface text with a placeholder");
})();

beforeAll(async () => {
  server = await startServer(db.db);
  other = await startServer(db.db);
  tenantId = (await makeTenant(db.owner)).id;
  admin = await actorFor(db.db, "platform admin", (await makeUser(db.owner, { systemRoles: ["admin"] })).id);
  tenantAdmin = await actorFor(
    db.db,
    "tenant admin",
    (await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_admin"] })).id,
  );
  member = await actorFor(db.db, "member", (await makeUser(db.owner, { tenantId })).id);
  anonymous = await actorFor(db.db, "anonymous", null);
});
afterAll(async () => {
  // Overrides are platform-wide: leave none for the other test files.
  await asOwner(db.owner, (tx) =>
    tx
      .delete(schema.translations)
      .where(
        or(
          like(schema.translations.tid, "ui.%"),
          like(schema.translations.tid, "mail.%"),
          like(schema.translations.tid, "custom.%"),
        ),
      ),
  );
  await server.close();
  await other.close();
  await db.close();
});

const call = (actor: Actor | null, method: string, path: string, body?: unknown, on = server) =>
  rest(on, { actor, method, path: `/api${path}`, tenantId, body });
const save = (tid: string, texts: Record<string, string>, actor = admin, on = server) =>
  call(actor, "POST", "/translation", { tid, texts }, on);
const create = (text: string, texts: Record<string, string> = {}) =>
  call(admin, "POST", "/translation/new", { text, texts });
const page = (search: string, actor = admin, pageSize = "50") =>
  call(actor, "POST", "/translation/page", { search, pageSize });

describe("roles", () => {
  it("lets platform admins read and save", async () => {
    expect((await page("")).status).toBe(200);
    expect((await call(admin, "GET", "/translation")).status).toBe(200);
    expect((await call(admin, "GET", "/translation/fi")).status).toBe(200);
    expect((await create("Admin wrote this")).status).toBe(200);
  });

  it("lets a tenant admin read, but not save or create", async () => {
    expect((await page("", tenantAdmin)).status).toBe(200);
    expect((await call(tenantAdmin, "GET", "/translation")).status).toBe(200);
    expect((await call(tenantAdmin, "GET", "/translation/en")).status).toBe(200);
    const saved = await save(SEARCH_TID, { en: "Find" }, tenantAdmin);
    expect(saved.status).toBe(403);
    expect(errorOf(saved).error_key).toBe("access_denied");
    const created = await call(tenantAdmin, "POST", "/translation/new", { text: "Mine" });
    expect(created.status).toBe(403);
  });

  it("lets a tenant admin read only for the active organisation named by X-tenant-id", async () => {
    const otherTenant = (await makeTenant(db.owner)).id;
    const inactive = (await makeTenant(db.owner, { active: false })).id;
    const inactiveAdmin = await actorFor(
      db.db,
      "inactive admin",
      (await makeUser(db.owner, { tenantId: inactive, tenantRoles: ["tenant_admin"] })).id,
    );
    const read = (actor: Actor, tenant?: string) =>
      rest(server, { actor, method: "GET", path: "/api/translation", tenantId: tenant });
    expect((await read(tenantAdmin, otherTenant)).status).toBe(403);
    expect((await read(tenantAdmin)).status).toBe(403);
    expect((await read(inactiveAdmin, inactive)).status).toBe(403);
    // A platform admin needs no organisation.
    expect((await read(admin)).status).toBe(200);
  });

  it("refuses everyone else", async () => {
    for (const [path, method] of [
      ["/translation", "GET"],
      ["/translation/fi", "GET"],
      ["/translation/page", "POST"],
    ] as const) {
      const answer = await call(member, method, path, method === "POST" ? {} : undefined);
      expect(answer.status).toBe(403);
      expect(errorOf(answer).error_key).toBe("access_denied");
      expect((await call(anonymous, method, path, method === "POST" ? {} : undefined)).status).toBe(401);
    }
    expect((await save(SEARCH_TID, { en: "Find" }, member)).status).toBe(403);
  });

  it("answers the interface overrides to anyone, signed in or not", async () => {
    const answer = await call(anonymous, "GET", "/translation/fi/interface");
    expect(answer.status).toBe(200);
  });
});

describe("validation", () => {
  it("refuses unknown fields, long texts, unknown languages and empty free text", async () => {
    const extra = await call(admin, "POST", "/translation", { tid: SEARCH_TID, texts: {}, language: "fi" });
    expect(extra.status).toBe(400);
    const longText = await save(SEARCH_TID, { fi: "x".repeat(10_001) });
    expect(longText.status).toBe(400);
    expect(errorOf(longText).data?.fields?.["texts.fi"]).toBeTruthy();
    const language = await save(SEARCH_TID, { sv: "Sök" });
    expect(language.status).toBe(400);
    const empty = await create("   ");
    expect(empty.status).toBe(400);
    expect(errorOf(empty).error_key).toBe("validation_failed");
    expect((await call(admin, "GET", "/translation/sv")).status).toBe(400);
    expect((await call(admin, "POST", "/translation/page", { pageSize: "20" })).status).toBe(400);
  });

  it("answers 404 for a tid that is neither stored nor built in", async () => {
    for (const tid of ["custom.nothing.here", "ui.zzzzzz", "mail.nothing.subject"]) {
      const answer = await save(tid, { en: "Text" });
      expect(answer.status).toBe(404);
      expect(errorOf(answer).error_key).toBe("not_found");
    }
  });

  it("needs an English text for a stored translation", async () => {
    const { tid } = outputOf("translation.create", await create("Needs English"));
    const answer = await save(tid, { en: "", fi: "Vain suomeksi" });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).error_key).toBe("validation_failed");
    expect(errorOf(answer).data?.fields?.["texts.en"]).toBe("field_required");
  });
});

describe("new translations", () => {
  it("makes a tid of the prefix, the free text cut at 222 characters and a generated id", async () => {
    const free = `Long ${"a".repeat(300)}`;
    const row = outputOf("translation.create", await create(free));
    expect(row.tid.startsWith(`custom.${free.slice(0, 222)}.`)).toBe(true);
    expect(row.tid.length).toBeGreaterThan(`custom.${free.slice(0, 222)}.`.length);
    expect(row.texts.en).toBe(free);
    const again = outputOf("translation.create", await create(free));
    expect(again.tid).not.toBe(row.tid);
  });

  it("saves the texts given and stores none for an empty language", async () => {
    const row = outputOf("translation.create", await create("Greeting", { fi: "Tervehdys", ru: "" }));
    expect(row.stored.sort()).toEqual(["en", "fi"]);
    const saved = outputOf(
      "translation.save",
      await save(row.tid, { en: "Greeting", fi: "", pl: "Powitanie" }),
    );
    expect(saved.stored.sort()).toEqual(["en", "pl"]);
    expect(saved.texts.fi).toBe("");
  });
});

describe("reading", () => {
  it("falls back to English in GET /translation/{lang}", async () => {
    const row = outputOf("translation.create", await create("Only English", { ee: "Ainult eesti" }));
    const fi = outputOf("translation.byLanguage", await call(admin, "GET", "/translation/fi"));
    expect(fi[row.tid]).toBe("Only English");
    const ee = outputOf("translation.byLanguage", await call(admin, "GET", "/translation/ee"));
    expect(ee[row.tid]).toBe("Ainult eesti");
    const all = outputOf("translation.all", await call(admin, "GET", "/translation"));
    expect(all.find((t) => t.tid === row.tid)?.texts).toEqual({
      en: "Only English",
      fi: "",
      ee: "Ainult eesti",
      ru: "",
      pl: "",
    });
  });

  it("pages the stored, interface and mail texts and searches tids and texts", async () => {
    const first = outputOf("translation.page", await page(""));
    expect(first.items).toHaveLength(50);
    expect(first.total).toBeGreaterThan(1000);
    const second = outputOf("translation.page", await call(admin, "POST", "/translation/page", { page: 2 }));
    expect((second.items[0]?.tid ?? "") > (first.items[49]?.tid ?? "")).toBe(true);
    const mail = outputOf("translation.page", await page("mail.resetCode"));
    expect(mail.items.map((r) => r.tid)).toEqual(["mail.resetCode.body", "mail.resetCode.subject"]);
    expect(mail.items[1]?.builtIn?.fi).toBe("Kunto-salasanasi palautuskoodi");
    expect(mail.items[0]?.texts.en).toContain("{code}");
    const unique = `Zebra${Date.now()}`;
    const row = outputOf("translation.create", await create(`Stripes ${unique}`, { fi: "Raidat" }));
    const found = outputOf("translation.page", await page(`raidat ${unique.toLowerCase()}`));
    expect(found.items.map((r) => r.tid)).toEqual([row.tid]);
    expect(outputOf("translation.page", await page(`${unique} nomatch`)).total).toBe(0);
  });
});

describe("interface overrides", () => {
  it("keeps the source's placeholders", async () => {
    const dropped = await save(withPlaceholder.tid, { en: "No placeholder here" });
    expect(dropped.status).toBe(400);
    expect(errorOf(dropped).error_key).toBe("translations.placeholders_mismatch");
    expect(errorOf(dropped).data?.fields?.["texts.en"]).toBe("translations.placeholders_mismatch");
    const renamed = await save(withPlaceholder.tid, { fi: withPlaceholder.en.replace(/\{\w+\}/, "{other}") });
    expect(renamed.status).toBe(400);
    const kept = await save(withPlaceholder.tid, { en: `${withPlaceholder.en} (edited)` });
    expect(kept.status).toBe(200);
  });

  it("shows a saved override through another server process at once, English standing in for none", async () => {
    const fiBuiltIn = interfaceTexts().get(SEARCH_TID)?.fi ?? "";
    const saved = outputOf("translation.save", await save(SEARCH_TID, { en: "Find", fi: fiBuiltIn }));
    // A text equal to the built-in one is no override.
    expect(saved.stored).toEqual(["en"]);
    const id = SEARCH_TID.slice(3);
    const en = outputOf(
      "translation.interface",
      await call(anonymous, "GET", "/translation/en/interface", undefined, other),
    );
    expect(en.messages[id]).toEqual(["Find"]);
    // Finnish has its own catalog text: the English override does not replace it.
    const fi = outputOf(
      "translation.interface",
      await call(anonymous, "GET", "/translation/fi/interface", undefined, other),
    );
    expect(fi.messages[id]).toBeUndefined();
    await save(SEARCH_TID, { en: "Find", fi: "Etsi tästä" });
    const fiAgain = outputOf(
      "translation.interface",
      await call(anonymous, "GET", "/translation/fi/interface", undefined, other),
    );
    expect(fiAgain.messages[id]).toEqual(["Etsi tästä"]);
    // Saving the built-in texts back removes the override.
    await save(SEARCH_TID, { en: "Search", fi: fiBuiltIn });
    const after = await db.owner
      .select()
      .from(schema.translations)
      .where(eq(schema.translations.tid, SEARCH_TID));
    expect(after).toEqual([]);
  });

  it("compiles an override's placeholders for the client", async () => {
    const text = `${withPlaceholder.en} (edited)`;
    await save(withPlaceholder.tid, { en: text });
    const en = outputOf("translation.interface", await call(anonymous, "GET", "/translation/en/interface"));
    expect(en.messages[withPlaceholder.tid.slice(3)]).toContainEqual([/\{(\w+)\}/.exec(text)?.[1]]);
  });
});

describe("mail overrides", () => {
  const invite = async (email: string, on = other) =>
    call(tenantAdmin, "POST", "/tenant/user", { email }, on);
  const mailTo = async (email: string) => {
    const [mail] = await db.owner.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email));
    return mail;
  };

  it("uses a stored subject and body, saved through one process, in a mail another process sends", async () => {
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.users)
        .set({ language: "en" })
        .where(eq(schema.users.id, tenantAdmin.userId ?? "")),
    );
    const placeholders = await save("mail.invitationSignUp.body", { en: "Join us at {nothing}" });
    expect(placeholders.status).toBe(400);
    expect(errorOf(placeholders).error_key).toBe("translations.placeholders_mismatch");
    expect(
      (
        await save("mail.invitationSignUp.subject", {
          en: "Welcome aboard",
        })
      ).status,
    ).toBe(200);
    expect(
      (await save("mail.invitationSignUp.body", { en: "{inviter} asks you to {organisation}: {link}" }))
        .status,
    ).toBe(200);
    const email = `invited-${Date.now()}@example.test`;
    expect((await invite(email)).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail?.subject).toBe("Welcome aboard");
    expect(mail?.text).toMatch(
      /^Test Person asks you to Test .* Oy: http:\/\/127\.0\.0\.1:\d+\/signup\?email=/,
    );
  });

  it("keeps the built-in text of a language without an override", async () => {
    await asOwner(db.owner, (tx) =>
      tx
        .update(schema.users)
        .set({ language: "fi" })
        .where(eq(schema.users.id, tenantAdmin.userId ?? "")),
    );
    const email = `kutsuttu-${Date.now()}@example.test`;
    expect((await invite(email)).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail?.subject).toBe("Sinut on kutsuttu organisaatioon Kunnossa");
    expect(mail?.text).toContain("kutsui sinut organisaatioon");
  });
});

describe("the REST document", () => {
  it("lists every translations path at its method", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ["/translation", "get"],
      ["/translation", "post"],
      ["/translation/{lang}", "get"],
      ["/translation/{lang}/interface", "get"],
      ["/translation/new", "post"],
      ["/translation/page", "post"],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
  });
});
