import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { decryptSecret } from "@kunto/auth";
import { birthDateMax } from "@kunto/core";
import { schema, withScope } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { makeKey, withKey } from "../integrators/api-key-support";
import { type Actor, actorFor, connect, makeTenant, makeUser, TEST_CONFIG } from "../support/harness";
import { errorOf, outputOf, type RestServer, rest } from "../support/rest";

/**
 * Issue 22, document 3 persons: tenant admins only (§6), e-mail and birth-date rules (§5), every §7
 * path, and the sensitive identifiers: `ssn` and `taxNumber` sealed with a SECRETS_KEY sub-key, never
 * in the logs or the audit log, masked in every answer but the single person's to a tenant admin.
 */
const db = connect();
const SSN = "010190-123A";
const TAX = "FI-TAX-998877";
const logged: string[] = [];
const capture =
  (level: string) =>
  (...args: unknown[]) => {
    logged.push(
      `${level} ${args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a, errorFields))).join(" ")}`,
    );
  };
const errorFields = (_key: string, value: unknown) =>
  value instanceof Error ? { message: value.message, stack: value.stack, cause: String(value.cause) } : value;
const log = { info: capture("info"), warn: capture("warn"), error: capture("error") };

/** The real app with a logger that keeps every line. */
async function serverWith(config = TEST_CONFIG) {
  let app: ReturnType<typeof createApp> | null = null;
  const server = serve({
    fetch: (request, env) => (app as NonNullable<typeof app>).fetch(request, env),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = createApp({
    db: db.db,
    config: { ...config, appUrl: base },
    log,
    webDist: "/nonexistent",
    bodyLimitBytes: 1024 * 1024,
    ready: async () => true,
  });
  return {
    base,
    fetch: (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let server: RestServer & { close: () => Promise<void> };
let tenant: { id: string };
let admin: Actor;
let basic: Actor;

beforeAll(async () => {
  server = await serverWith();
  tenant = await makeTenant(db.owner, { plan: "PRO" });
  admin = await actorFor(
    db.db,
    "admin",
    (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] })).id,
  );
  basic = await actorFor(
    db.db,
    "basic",
    (await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic", "tenant_readonly"] })).id,
  );
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const call = (
  actor: Actor,
  method: string,
  path: string,
  body?: unknown,
  tenantId = tenant.id,
  on = server,
) => rest(on, { actor, method, path: `/api${path}`, tenantId, body });

const makePerson = async (body: Record<string, unknown>) =>
  outputOf("person.create", await call(admin, "POST", "/tenant/person", body));

describe("persons (document 3 §3, §5, §6, §7)", () => {
  it("§6: basic and read-only users get 403 on every person path; tenant admins are answered", async () => {
    const person = await makePerson({ firstname: "Pia", lastname: "Perä" });
    for (const [method, path, body] of [
      ["GET", "/tenant/person", undefined],
      ["GET", "/tenant/person/full", undefined],
      ["GET", "/tenant/person/managers", undefined],
      ["GET", "/tenant/person/byemployernull/", undefined],
      ["GET", `/tenant/person/${person.id}`, undefined],
      ["POST", "/tenant/person/paged", {}],
      ["POST", "/tenant/person", { firstname: "X" }],
      ["PUT", `/tenant/person/${person.id}`, { firstname: "X" }],
    ] as const) {
      const answer = await call(basic, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(errorOf(answer).error_key).toBe("access_denied");
    }
    expect((await call(admin, "GET", `/tenant/person/${person.id}`)).status).toBe(200);
  });

  it("§5: the e-mail must be valid and without spaces; empty is none", async () => {
    const spaced = await call(admin, "POST", "/tenant/person", { lastname: "A", email: "anna @example.fi" });
    expect(errorOf(spaced).data?.fields?.email).toBe("no_spaces");
    const invalid = await call(admin, "POST", "/tenant/person", { lastname: "A", email: "anna.example.fi" });
    expect(errorOf(invalid).data?.fields?.email).toBe("invalid_email");
    expect((await makePerson({ lastname: "A", email: "" })).email).toBeNull();
    expect((await makePerson({ lastname: "A", email: " Anna@Example.fi " })).email).toBe("anna@example.fi");
  });

  it("§3: the birth date is from 1950-01-01 to today; outside answers birth_date_out_of_range", async () => {
    expect((await makePerson({ lastname: "Old", dob: "1950-01-01" })).dob).toBe("1950-01-01");
    const today = birthDateMax();
    expect((await makePerson({ lastname: "New", dob: today })).dob).toBe(today);
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    for (const dob of ["1949-12-31", tomorrow.toISOString().slice(0, 10)]) {
      const answer = await call(admin, "POST", "/tenant/person", { lastname: "Out", dob });
      expect(errorOf(answer).data?.fields?.dob, dob).toBe("birth_date_out_of_range");
    }
    expect(
      errorOf(await call(admin, "POST", "/tenant/person", { dob: "1990-02-30" })).data?.fields?.dob,
    ).toBe("invalid_date");
  });

  it("§7: the lists, managers, persons without employer (with and without the slash), unknown ids", async () => {
    const t = await makeTenant(db.owner);
    const a = await actorFor(
      db.db,
      "lists admin",
      (await makeUser(db.owner, { tenantId: t.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const party = outputOf(
      "party.create",
      await call(a, "POST", "/tenant/party", { companyName: "Works Oy", type: "employer" }, t.id),
    );
    const mk = (body: Record<string, unknown>) =>
      call(a, "POST", "/tenant/person", body, t.id).then((r) => outputOf("person.create", r));
    const boss = await mk({ firstname: "Bo", lastname: "Boss", manager: true, employerId: party.id });
    const free = await mk({ firstname: "Fay", lastname: "Free" });
    const get = (path: string) => call(a, "GET", path, undefined, t.id);
    expect(outputOf("person.managers", await get("/tenant/person/managers")).map((p) => p.id)).toEqual([
      boss.id,
    ]);
    expect(outputOf("person.list", await get("/tenant/person")).map((p) => p.id)).toEqual([boss.id, free.id]);
    expect(outputOf("person.full", await get("/tenant/person/full"))[0]?.employer?.companyName).toBe(
      "Works Oy",
    );
    expect(
      outputOf("person.withoutEmployer", await get("/tenant/person/byemployernull")).map((p) => p.id),
    ).toEqual([free.id]);
    const slash = await get("/tenant/person/byemployernull/");
    expect(slash.status).toBe(200);
    expect((slash.body as { id: string }[]).map((p) => p.id)).toEqual([free.id]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(errorOf(await get(`/tenant/person/${unknown}`)).error_key).toBe("not_found");
    expect(
      errorOf(await call(a, "PUT", `/tenant/person/${unknown}`, { lastname: "x" }, t.id)).error_key,
    ).toBe("not_found");
    // Another organisation's person is not there for this admin.
    expect((await call(admin, "GET", `/tenant/person/${boss.id}`)).status).toBe(404);
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as { paths: Record<string, object> };
    for (const [path, methods] of [
      ["/tenant/person", ["get", "post"]],
      ["/tenant/person/{id}", ["get", "put"]],
      ["/tenant/person/paged", ["post"]],
      ["/tenant/person/managers", ["get"]],
      ["/tenant/person/full", ["get"]],
      ["/tenant/person/byemployer/{id}", ["get"]],
      ["/tenant/person/byemployernull", ["get"]],
    ] as const)
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual([...methods]);
  });

  it("§2: the paged POST takes page parameters in the query and the search in the body", async () => {
    const t = await makeTenant(db.owner);
    const a = await actorFor(
      db.db,
      "paged admin",
      (await makeUser(db.owner, { tenantId: t.id, tenantRoles: ["tenant_admin"] })).id,
    );
    const party = outputOf(
      "party.create",
      await call(a, "POST", "/tenant/party", { companyName: "P Oy" }, t.id),
    );
    for (let i = 0; i < 55; i++)
      await call(
        a,
        "POST",
        "/tenant/person",
        {
          firstname: `First${i}`,
          lastname: `Last${String(i).padStart(2, "0")}`,
          email: `p${i}@example.fi`,
          employerId: i < 5 ? party.id : null,
        },
        t.id,
      );
    const page = async (query: string, body: unknown) =>
      outputOf("person.paged", await call(a, "POST", `/tenant/person/paged${query}`, body, t.id));
    const first = await page("", {});
    expect([first.totalElements, first.content.length, first.content[0]?.lastname]).toEqual([
      55,
      50,
      "Last00",
    ]);
    expect((await page("?pageNo=1&pageSize=50", {})).content.map((p) => p.lastname)).toEqual([
      "Last50",
      "Last51",
      "Last52",
      "Last53",
      "Last54",
    ]);
    expect((await page("?pageNo=0&pageSize=100", { search: "last1" })).totalElements).toBe(10);
    expect((await page("", { search: "P42@EXAMPLE" })).content.map((p) => p.firstname)).toEqual(["First42"]);
    expect((await page("", { notEmployerId: party.id })).totalElements).toBe(50);
    expect((await call(a, "POST", "/tenant/person/paged?pageSize=7", {}, t.id)).status).toBe(400);
  });
});

describe("person search at volume (docs/decisions.md)", () => {
  it("finds words starting with what is typed, each word narrowing; terms follow changes, inside their organisation", async () => {
    const org = async (name: string) => {
      const t = await makeTenant(db.owner);
      const a = await actorFor(
        db.db,
        name,
        (await makeUser(db.owner, { tenantId: t.id, tenantRoles: ["tenant_admin"] })).id,
      );
      const make = async (body: Record<string, unknown>) =>
        outputOf("person.create", await call(a, "POST", "/tenant/person", body, t.id));
      const page = async (search: string) =>
        outputOf("person.paged", await call(a, "POST", "/tenant/person/paged", { search }, t.id));
      const names = async (search: string) =>
        (await page(search)).content.map((p) => `${p.firstname} ${p.lastname}`);
      return { t, a, make, page, names };
    };
    const mine = await org("search admin");
    const theirs = await org("their admin");
    const anna = await mine.make({
      firstname: "Anna",
      lastname: "Virtanen",
      email: "anna.virtanen@example.fi",
      phone: "+358 40 1234567",
    });
    await mine.make({ firstname: "Antti", lastname: "Virtala", email: "antti@firm.fi" });
    await mine.make({ firstname: "Pia", lastname: "50%_Koski" });
    await theirs.make({ firstname: "Anna", lastname: "Virtanen" });
    expect(await mine.names("virt")).toEqual(["Antti Virtala", "Anna Virtanen"]);
    expect((await mine.page("virt")).totalElements).toBe(2);
    // A one-word total counts each person once, however many of its words start with the word:
    // Anna's "anna" and "anna.virtanen@example.fi" follow her "40"; Antti's "antti" and
    // "antti@firm.fi" are his first words (migration 0036's prev_term, both halves).
    expect((await mine.page("ann")).totalElements).toBe(1);
    expect((await mine.page("ant")).totalElements).toBe(1);
    expect((await mine.page("an")).totalElements).toBe(2);
    expect(await mine.names("virt ann")).toEqual(["Anna Virtanen"]);
    expect(await mine.names("ANN virt")).toEqual(["Anna Virtanen"]);
    // A word in the middle of another word is not found.
    expect(await mine.names("tanen")).toEqual([]);
    // An e-mail is found whole and by its parts; a phone by its groups.
    expect(await mine.names("anna.virtanen@ex")).toEqual(["Anna Virtanen"]);
    expect(await mine.names("firm")).toEqual(["Antti Virtala"]);
    expect(await mine.names("1234")).toEqual(["Anna Virtanen"]);
    // `%` and `_` are plain characters.
    expect(await mine.names("50%_k")).toEqual(["Pia 50%_Koski"]);
    expect(await mine.names("50_")).toEqual([]);
    expect(await mine.names("%")).toEqual([]);
    // Renamed: found by the new name only.
    outputOf(
      "person.update",
      await call(
        mine.a,
        "PUT",
        `/tenant/person/${anna.id}`,
        { lastname: "Korhonen", email: "anna@korhonen.fi" },
        mine.t.id,
      ),
    );
    expect(await mine.names("virtanen")).toEqual([]);
    expect(await mine.names("korh")).toEqual(["Anna Korhonen"]);
    expect((await mine.page("anna")).totalElements).toBe(1);
    // Deleted: its terms go with it; the kept total follows.
    const terms = schema.personSearchTerms;
    const termsOf = (id: string) =>
      withScope(db.db, { userId: null, tenantId: mine.t.id }, (tx) =>
        tx.select({ term: terms.term }).from(terms).where(eq(terms.personId, id)),
      );
    expect((await termsOf(anna.id)).length).toBeGreaterThan(0);
    expect((await mine.page("")).totalElements).toBe(3);
    await withScope(db.db, { userId: null, tenantId: mine.t.id }, (tx) =>
      tx.delete(schema.persons).where(eq(schema.persons.id, anna.id)),
    );
    expect(await termsOf(anna.id)).toEqual([]);
    expect(await mine.names("korh")).toEqual([]);
    expect((await mine.page("")).totalElements).toBe(2);
    // Row-level security: the other organisation's Anna Virtanen is found only there, and its
    // scope sees no term of this one.
    expect(await mine.names("anna")).toEqual([]);
    expect(await theirs.names("anna")).toEqual(["Anna Virtanen"]);
    const seen = await withScope(db.db, { userId: null, tenantId: theirs.t.id }, (tx) =>
      tx.select({ t: terms.tenantId }).from(terms),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.t === theirs.t.id)).toBe(true);
  });
});

describe("ssn and taxNumber (issue 22: the most sensitive personal data)", () => {
  it("are sealed at rest: the raw columns, read as the owner role, hold neither value", async () => {
    const person = await makePerson({ firstname: "Sanna", lastname: "Secret", ssn: SSN, taxNumber: TAX });
    const [row] = await db.ownerSql<{ ssn_sealed: Buffer; tax_number_sealed: Buffer; all: string }[]>`
      select ssn_sealed, tax_number_sealed, row_to_json(p)::text as all from persons p where id = ${person.id}`;
    if (!row) throw new Error("row");
    for (const value of [SSN, TAX, SSN.slice(-4)]) {
      expect(row.ssn_sealed.includes(Buffer.from(value))).toBe(false);
      expect(row.tax_number_sealed.includes(Buffer.from(value))).toBe(false);
      expect(row.all).not.toContain(value);
    }
    // Only the key opens them, and only for their own row and field.
    const context = `person:${tenant.id}:${person.id}:ssn`;
    expect(
      new TextDecoder().decode(
        decryptSecret(TEST_CONFIG.secretsKey, row.ssn_sealed, context, "person-identifier"),
      ),
    ).toBe(SSN);
    expect(() =>
      decryptSecret(new Uint8Array(32).fill(9), row.ssn_sealed, context, "person-identifier"),
    ).toThrow();
    expect(() => decryptSecret(TEST_CONFIG.secretsKey, row.ssn_sealed, context, "totp-secret")).toThrow();
    expect(() =>
      decryptSecret(TEST_CONFIG.secretsKey, row.tax_number_sealed, context, "person-identifier"),
    ).toThrow();
  });

  it("are whole only in the single person's answer to a tenant admin; masked in lists and to API keys", async () => {
    const person = await makePerson({ firstname: "Matti", lastname: "Masked", ssn: SSN, taxNumber: TAX });
    const one = outputOf("person.get", await call(admin, "GET", `/tenant/person/${person.id}`));
    expect([one.ssn, one.taxNumber]).toEqual([SSN, TAX]);
    const masked = { ssn: "••••123A", taxNumber: "••••8877" };
    const lists = [
      outputOf("person.list", await call(admin, "GET", "/tenant/person")),
      outputOf("person.full", await call(admin, "GET", "/tenant/person/full")),
      outputOf("person.withoutEmployer", await call(admin, "GET", "/tenant/person/byemployernull")),
      outputOf("person.paged", await call(admin, "POST", "/tenant/person/paged", { search: "masked" }))
        .content,
    ];
    for (const list of lists) expect(list.find((p) => p.id === person.id)).toMatchObject(masked);
    for (const list of lists) expect(JSON.stringify(list)).not.toContain(SSN);
    // A list's masked value sent back keeps the stored one; a new value replaces it.
    await call(admin, "PUT", `/tenant/person/${person.id}`, { ...masked, firstname: "Matias" });
    expect(outputOf("person.get", await call(admin, "GET", `/tenant/person/${person.id}`))).toMatchObject({
      firstname: "Matias",
      ssn: SSN,
      taxNumber: TAX,
    });
    const key = await makeKey(server, admin, tenant.id);
    const byKey = await withKey(server, key.token, { path: `/api/tenant/person/${person.id}` });
    expect(outputOf("person.get", byKey)).toMatchObject(masked);
    const short = await makePerson({ lastname: "Short", ssn: "12" });
    expect(
      outputOf("person.list", await call(admin, "GET", "/tenant/person")).find((p) => p.id === short.id)?.ssn,
    ).toBe("••••");
  });

  it("never reach the audit log: an API key's write is audited with them redacted", async () => {
    const key = await makeKey(server, admin, tenant.id);
    const created = await withKey(server, key.token, {
      method: "POST",
      path: "/api/tenant/person",
      body: { firstname: "Aud", lastname: "Itor", ssn: SSN, taxNumber: TAX },
    });
    const person = outputOf("person.create", created);
    await withKey(server, key.token, {
      method: "PUT",
      path: `/api/tenant/person/${person.id}`,
      body: { ssn: `${SSN}X`, taxNumber: `${TAX}X` },
    });
    const rows = await db.ownerSql<{ action: string; details: Record<string, unknown> }[]>`
      select action, details from audit_log where tenant_id = ${tenant.id} and action like 'api.person.%' order by id`;
    expect(rows.map((r) => r.action)).toEqual(["api.person.create", "api.person.update"]);
    expect(rows[0]?.details).toMatchObject({ firstname: "Aud", ssn: "[redacted]", taxNumber: "[redacted]" });
    const all = await db.ownerSql<
      { text: string }[]
    >`select coalesce(string_agg(details::text, ' '), '') as text from audit_log`;
    expect(all[0]?.text).not.toContain(SSN);
    expect(all[0]?.text).not.toContain(TAX);
  });

  it("never reach the logs: every line of the calls above, and of a failure reading them, is clean", async () => {
    // A server with another key cannot open the values: a 500 whose logged failure names no value.
    const wrong = await serverWith({ ...TEST_CONFIG, secretsKey: new Uint8Array(32).fill(3) });
    const person = await makePerson({ lastname: "Logged", ssn: SSN, taxNumber: TAX });
    const failed = await call(admin, "GET", `/tenant/person/${person.id}`, undefined, tenant.id, wrong);
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain(SSN);
    await wrong.close();
    expect(logged.some((line) => line.includes("procedure failed"))).toBe(true);
    const refused = await call(admin, "POST", "/tenant/person", { ssn: SSN, email: "not valid" });
    expect(refused.status).toBe(400);
    expect(refused.text).not.toContain(SSN);
    for (const line of logged) {
      expect(line).not.toContain(SSN);
      expect(line).not.toContain(TAX);
    }
    expect(
      await db.ownerSql`select 1 from person_search_terms
        where strpos(term, ${SSN.toLowerCase()}) > 0 or strpos(term, ${TAX.toLowerCase()}) > 0`,
    ).toHaveLength(0);
  });
});
