import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { appRouter, OPERATION_ERROR_KEYS } from "@kunto/api";
import { hashToken } from "@kunto/auth";
import {
  APP_USER_PAGE_SIZES,
  ERROR_STATUS,
  type ErrorKey,
  effectivePlan,
  SUBSCRIPTION_STATUSES,
} from "@kunto/core";
import { schema } from "@kunto/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { type Actor, actorFor, connect, makeTenant, makeUser, TEST_CONFIG } from "../support/harness";
import { errorOf, outputOf, type RestAnswer, rest } from "../support/rest";

/** Document 1 conformance (issue 10): every item over real HTTP against the running app. */
const db = connect();

/** What the server logged as errors: unexpected failures must stay visible to operators. */
const loggedErrors: Array<{ path?: string; err?: unknown }> = [];
const log = {
  info: () => {},
  warn: () => {},
  error: (details: unknown) => {
    loggedErrors.push(details as { path?: string; err?: unknown });
  },
};

const server = {
  base: "",
  fetch: (path: string, init: RequestInit = {}) => fetch(`${server.base}${path}`, init),
  close: async () => {},
};
beforeAll(async () => {
  const app = createApp({
    db: db.db,
    config: TEST_CONFIG,
    log,
    webDist: "/nonexistent",
    bodyLimitBytes: 1024 * 1024,
    ready: async () => true,
  });
  const http = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => http.once("listening", () => resolve()));
  server.base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  server.close = () => new Promise<void>((resolve) => http.close(() => resolve()));
});
afterAll(async () => {
  await server.close();
  await db.close();
});

/** One REST call as `actor`, with the Origin a browser sends on writes (this server's APP_URL). */
const call = (
  actor: Actor | null,
  method: string,
  path: string,
  options: { body?: unknown; tenantId?: string } = {},
) => rest(server, { actor, method, path: `/api${path}`, origin: TEST_CONFIG.appUrl, ...options });

async function platformAdmin() {
  const user = await makeUser(db.owner, { systemRoles: ["admin"] });
  return actorFor(db.db, "platform admin", user.id);
}

const userRow = async (id: string) => {
  const [row] = await db.owner.select().from(schema.users).where(eq(schema.users.id, id));
  if (!row) throw new Error("user");
  return row;
};

describe("issue 10.1: a partial profile update changes only the fields it names", () => {
  it("issue 10.1: POST /api/user with only a phone keeps the names; null clears; e-mail is read-only", async () => {
    const user = await makeUser(db.owner);
    const actor = await actorFor(db.db, "self", user.id);

    const phoneOnly = await call(actor, "POST", "/user", { body: { phone: "+358 40 111 2222" } });
    expect(phoneOnly.status).toBe(200);
    expect(outputOf("user.update", phoneOnly)).toMatchObject({ firstName: "Test", lastName: "Person" });
    expect(await userRow(user.id)).toMatchObject({ firstName: "Test", lastName: "Person" });

    const cleared = await call(actor, "POST", "/user", { body: { lastName: null } });
    expect(outputOf("user.update", cleared)).toMatchObject({ firstName: "Test", lastName: null });
    expect((await userRow(user.id)).phone).not.toBeNull();

    const nothing = await call(actor, "POST", "/user", { body: {} });
    expect(nothing.status).toBe(200);
    expect(outputOf("user.update", nothing)).toMatchObject({ firstName: "Test", lastName: null });

    // The client may send the whole user back: the unchanged address passes (any case).
    const same = await call(actor, "POST", "/user", {
      body: { email: user.email?.toUpperCase(), firstName: "Tessa" },
    });
    expect(same.status).toBe(200);
    expect(outputOf("user.update", same).firstName).toBe("Tessa");

    const other = await call(actor, "POST", "/user", {
      body: { email: "someone-else@example.test", firstName: "Mallory" },
    });
    expect(other.status).toBe(400);
    expect(errorOf(other).error_key).toBe("email_read_only");
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: "Tessa" });
  });

  it("issue 10.1: POST /api/admin/user/{id} with only a phone keeps the names", async () => {
    const admin = await platformAdmin();
    const user = await makeUser(db.owner);
    const answer = await call(admin, "POST", `/admin/user/${user.id}`, { body: { phone: "0401234567" } });
    expect(answer.status).toBe(200);
    expect(outputOf("admin.updateUser", answer)).toMatchObject({ firstName: "Test", lastName: "Person" });
    expect(await userRow(user.id)).toMatchObject({ firstName: "Test", lastName: "Person" });

    const renamed = await call(admin, "POST", `/admin/user/${user.id}`, { body: { firstName: "Uusi" } });
    expect(outputOf("admin.updateUser", renamed)).toMatchObject({ firstName: "Uusi", lastName: "Person" });
    expect((await userRow(user.id)).phone).not.toBeNull();

    const email = await call(admin, "POST", `/admin/user/${user.id}`, {
      body: { email: "new@example.test" },
    });
    expect(email.status).toBe(400);
    expect(errorOf(email).error_key).toBe("email_read_only");
    expect(
      errorOf(await call(admin, "POST", "/admin/user/00000000-0000-4000-8000-000000000000", { body: {} }))
        .error_key,
    ).toBe("not_found");
  });
});

/** Signs in through the client's tRPC call; answers the status and the session cookie. */
async function signIn(username: string, password: string) {
  const answer = await trpc(null, "auth.signIn", { username, password });
  const status = answer.status === 200 ? outputOf("auth.signIn", answer).status : undefined;
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { status, actor: { name: username, cookie, userId: null } as Actor };
}

describe("issue 10.2: users an admin creates with a password choose their own at first sign-in", () => {
  it("issue 10.2: a shared-device user created with a password must set a new one before anything opens", async () => {
    const admin = await platformAdmin();
    const username = `kiosk-${Date.now()}`;
    const created = await call(admin, "POST", "/admin/user", {
      body: { type: "LOCAL", username, password: "lobby kiosk shared 2026", roleSet: ["agent"] },
    });
    expect(created.status).toBe(200);
    const { id } = outputOf("admin.createUser", created);
    expect((await userRow(id)).mustChangePassword).toBe(true);

    const first = await signIn(username, "lobby kiosk shared 2026");
    expect(first.status).toBe("NEW_PASSWORD_REQUIRED");
    expect((await call(first.actor, "GET", "/user")).status).toBe(401);

    const chosen = await trpc(first.actor, "auth.completeNewPassword", {
      newPassword: "tablet by the lobby door 77",
    });
    expect(chosen.status).toBe(200);
    expect(outputOf("user.me", await call(first.actor, "GET", "/user")).username).toBe(username);
    expect((await userRow(id)).mustChangePassword).toBe(false);
    expect((await signIn(username, "lobby kiosk shared 2026")).status).toBeUndefined();
    expect((await signIn(username, "tablet by the lobby door 77")).status).toBe("SIGNED_IN");
  });

  it("issue 10.2: an e-mail user created with a password must set a new one too", async () => {
    const admin = await platformAdmin();
    const email = `given-${Date.now()}@example.test`;
    const created = await call(admin, "POST", "/admin/user", {
      body: { type: "CLOUD", email, password: "temporary given by admin 9", roleSet: ["basic"] },
    });
    expect(created.status).toBe(200);
    expect((await signIn(email, "temporary given by admin 9")).status).toBe("NEW_PASSWORD_REQUIRED");
  });
});

describe("issue 10.3: the add-account form is validated on the server", () => {
  it("issue 10.3, 19.12: POST /api/admin/tenant needs a name and a country, the address comes later; editing needs the address; D-U-N-S is taken", async () => {
    const admin = await platformAdmin();
    // Issue 19.12 (after 10.3): a new organisation starts with a name and a country.
    const bare = await call(admin, "POST", "/admin/tenant", { body: { name: "Bare Oy", country: "FI" } });
    expect(bare.status).toBe(200);
    const made = outputOf("admin.createTenant", bare);
    expect(made).toMatchObject({ name: "Bare Oy", country: "FI", streetAddress: null, city: null });
    // Its details, edited later, need the address (document 1 §5).
    const edited = await call(admin, "POST", `/admin/tenant/${made.id}`, {
      body: { name: "Bare Oy", country: "FI" },
    });
    expect(edited.status).toBe(400);
    expect(errorOf(edited).data?.fields).toEqual({
      streetAddress: "field_required",
      zipCode: "field_required",
      city: "field_required",
    });
    const blank = await call(admin, "POST", "/admin/tenant", {
      body: { name: " ", country: "", streetAddress: " ", zipCode: "00100", city: "Helsinki" },
    });
    expect(errorOf(blank).data?.fields).toEqual({ name: "field_required", country: "invalid_country" });
    const badDuns = await call(admin, "POST", "/admin/tenant", {
      body: {
        name: "D Oy",
        country: "FI",
        streetAddress: "Katu 1",
        zipCode: "00100",
        city: "Helsinki",
        dunsNumber: "12",
      },
    });
    expect(errorOf(badDuns).data?.fields).toEqual({ dunsNumber: "invalid_duns" });

    const created = await call(admin, "POST", "/admin/tenant", {
      body: {
        name: "Complete Oy",
        country: "FI",
        streetAddress: "Katu 1",
        zipCode: "00100",
        city: "Helsinki",
        dunsNumber: "123456789",
        plan: "PRO",
      },
    });
    expect(created.status).toBe(200);
    expect(outputOf("admin.createTenant", created)).toMatchObject({
      name: "Complete Oy",
      dunsNumber: "123456789",
      plan: "PRO",
      city: "Helsinki",
    });
  });
});

/** A tRPC call (a mutation) as the web client makes it. */
function trpc(actor: Actor | null, path: string, input: unknown, tenantId?: string) {
  return rest(server, {
    actor,
    tenantId,
    method: "POST",
    path: `/trpc/${path}`,
    body: input,
    origin: TEST_CONFIG.appUrl,
  });
}

/**
 * A real failure inside PostgreSQL for the rows `when` names: a trigger that raises while `run`
 * runs (integration files run one at a time, and the condition spares every other row).
 */
async function withFault<T>(
  table: string,
  event: "INSERT" | "UPDATE" | "DELETE",
  when: string,
  run: () => Promise<T>,
): Promise<T> {
  const name = `doc1_fault_${randomUUID().slice(0, 8)}`;
  await db.ownerSql.unsafe(
    `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`,
  );
  await db.ownerSql.unsafe(
    `create trigger ${name} before ${event} on ${table} for each row when (${when}) execute function ${name}()`,
  );
  try {
    return await run();
  } finally {
    await db.ownerSql.unsafe(`drop trigger ${name} on ${table}`);
    await db.ownerSql.unsafe(`drop function ${name}()`);
  }
}

/** Reading one tenant's e-mail subscriptions fails inside PostgreSQL while `run` runs. */
async function withReadFault<T>(tenantId: string, run: () => Promise<T>): Promise<T> {
  const name = `doc1_read_fault_${randomUUID().slice(0, 8)}`;
  await db.ownerSql.unsafe(
    `create function ${name}() returns boolean language plpgsql as $$ begin raise exception 'injected fault'; end $$`,
  );
  await db.ownerSql.unsafe(
    `create policy ${name} on email_subscriptions as restrictive for select using (case when tenant_id = '${tenantId}' then ${name}() else true end)`,
  );
  try {
    return await run();
  } finally {
    await db.ownerSql.unsafe(`drop policy ${name} on email_subscriptions`);
    await db.ownerSql.unsafe(`drop function ${name}()`);
  }
}

async function tenantAdmin() {
  const tenant = await makeTenant(db.owner, { plan: "PRO" });
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
  return { tenant, user, actor: await actorFor(db.db, "tenant admin", user.id) };
}

const DETAILS = { country: "FI", streetAddress: "Katu 1", zipCode: "00100", city: "Helsinki" };
const PASSWORD = "correct horse battery staple 42";

/**
 * Each error key of document 1 §8 the server sends, with a situation that causes it. The
 * "failed" keys answer an unexpected failure of their operation (a fault raised in PostgreSQL).
 */
const SITUATIONS: Record<string, () => Promise<RestAnswer>> = {
  // Sign-in, forgotten and changed passwords.
  invalid_credentials: async () => {
    const user = await makeUser(db.owner);
    return trpc(null, "auth.signIn", { username: user.email, password: "not the password 1" });
  },
  user_not_confirmed: async () => {
    const user = await makeUser(db.owner, { confirmed: false });
    return trpc(null, "auth.signIn", { username: user.email, password: PASSWORD });
  },
  demo_account_password_reset: async () => {
    const demo = await makeUser(db.owner, { isDemo: true });
    return trpc(null, "auth.forgotPassword", { username: demo.email });
  },
  current_password_wrong: async () => {
    const user = await makeUser(db.owner);
    const actor = await actorFor(db.db, "u", user.id);
    return trpc(actor, "auth.changePassword", {
      oldPassword: "wrong old one 1",
      newPassword: "a new long phrase 77",
    });
  },
  password_too_short: async () => {
    const user = await makeUser(db.owner);
    const actor = await actorFor(db.db, "u", user.id);
    return trpc(actor, "auth.changePassword", { oldPassword: PASSWORD, newPassword: "Ab1!" });
  },
  // The required-fields alert.
  validation_failed: async () =>
    call(await platformAdmin(), "POST", "/admin/tenant", { body: { name: " " } }),
  // User management.
  user_exists: async () => {
    const existing = await makeUser(db.owner);
    return call(await platformAdmin(), "POST", "/admin/user", {
      body: { type: "CLOUD", email: existing.email, roleSet: ["basic"] },
    });
  },
  user_creation_failed: async () => {
    const admin = await platformAdmin();
    return withFault("users", "INSERT", "NEW.username = 'fault-kiosk'", () =>
      call(admin, "POST", "/admin/user", {
        body: {
          type: "LOCAL",
          username: "fault-kiosk",
          password: "lobby kiosk shared 2026",
          roleSet: ["agent"],
        },
      }),
    );
  },
  user_info_update_failed: async () => {
    const user = await makeUser(db.owner);
    const actor = await actorFor(db.db, "u", user.id);
    return withFault("users", "UPDATE", `OLD.id = '${user.id}' and NEW.first_name = 'Fault'`, () =>
      call(actor, "POST", "/user", { body: { firstName: "Fault" } }),
    );
  },
  user_roles_update_failed: async () => {
    const admin = await platformAdmin();
    const user = await makeUser(db.owner);
    return withFault("users", "UPDATE", `OLD.id = '${user.id}'`, () =>
      call(admin, "POST", `/admin/user/${user.id}/role/agent`, { body: {} }),
    );
  },
  user_state_change_failed: async () => {
    const admin = await platformAdmin();
    const user = await makeUser(db.owner);
    return withFault("users", "UPDATE", `OLD.id = '${user.id}'`, () =>
      call(admin, "POST", `/admin/user/${user.id}/disable`, { body: {} }),
    );
  },
  you_cannot_disable_yourself: async () => {
    const admin = await platformAdmin();
    return call(admin, "POST", `/admin/user/${admin.userId}/disable`, { body: {} });
  },
  you_cannot_enable_yourself: async () => {
    const admin = await platformAdmin();
    return call(admin, "POST", `/admin/user/${admin.userId}/enable`, { body: {} });
  },
  username_or_email_required: async () =>
    call(await platformAdmin(), "POST", "/admin/user", { body: { type: "CLOUD", roleSet: ["basic"] } }),
  password_required_for_shared_user: async () =>
    call(await platformAdmin(), "POST", "/admin/user", {
      body: { type: "LOCAL", username: `kiosk-${randomUUID().slice(0, 8)}`, roleSet: ["agent"] },
    }),
  at_least_one_role_required: async () =>
    call(await platformAdmin(), "POST", "/admin/user", {
      body: { type: "CLOUD", email: `r-${randomUUID().slice(0, 8)}@example.test`, roleSet: [] },
    }),
  // Accounts.
  tenant_creation_failed: async () => {
    const admin = await platformAdmin();
    return withFault("tenants", "INSERT", "NEW.name = 'Fault Creation Oy'", () =>
      call(admin, "POST", "/admin/tenant", { body: { name: "Fault Creation Oy", ...DETAILS } }),
    );
  },
  tenant_update_failed: async () => {
    const admin = await platformAdmin();
    const tenant = await makeTenant(db.owner);
    return withFault("tenants", "UPDATE", `OLD.id = '${tenant.id}'`, () =>
      call(admin, "POST", `/admin/tenant/${tenant.id}`, { body: { name: "Renamed Oy", ...DETAILS } }),
    );
  },
  organization_update_failed: async () => {
    const { tenant, actor } = await tenantAdmin();
    return withFault("tenants", "UPDATE", `OLD.id = '${tenant.id}'`, () =>
      call(actor, "POST", "/tenant", { body: { name: "Renamed Oy", ...DETAILS }, tenantId: tenant.id }),
    );
  },
  user_add_fail: async () => {
    const admin = await platformAdmin();
    const tenant = await makeTenant(db.owner);
    const user = await makeUser(db.owner);
    return withFault("memberships", "INSERT", `NEW.tenant_id = '${tenant.id}'`, () =>
      call(admin, "POST", `/admin/tenant/${tenant.id}/user`, { body: { userId: user.id } }),
    );
  },
  user_delete_fail: async () => {
    const { tenant, actor } = await tenantAdmin();
    const member = await makeUser(db.owner, { tenantId: tenant.id });
    return withFault("memberships", "DELETE", `OLD.tenant_id = '${tenant.id}'`, () =>
      call(actor, "DELETE", `/tenant/user/${member.id}`, { tenantId: tenant.id }),
    );
  },
  user_no_longer_admin: async () => {
    const { tenant } = await tenantAdmin();
    const basic = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
    const actor = await actorFor(db.db, "basic", basic.id);
    return call(actor, "POST", `/tenant/user/${basic.id}/role/tenant_admin`, {
      body: {},
      tenantId: tenant.id,
    });
  },
  disallow_tenant_admin_removal_if_last_memberships: async () => {
    const { tenant, user, actor } = await tenantAdmin();
    return call(actor, "DELETE", `/tenant/user/${user.id}`, { tenantId: tenant.id });
  },
  // E-mail subscriptions.
  email_subscription_retrieval_error: async () => {
    const { tenant, actor } = await tenantAdmin();
    await call(actor, "POST", "/emailsubscription", {
      body: { items: [{ type: "survey_end" }] },
      tenantId: tenant.id,
    });
    return withReadFault(tenant.id, () => call(actor, "GET", "/emailsubscription", { tenantId: tenant.id }));
  },
  email_subscription_preferences_saving_error: async () => {
    const { tenant, actor } = await tenantAdmin();
    return withFault("email_subscriptions", "INSERT", `NEW.tenant_id = '${tenant.id}'`, () =>
      call(actor, "POST", "/emailsubscription", {
        body: { items: [{ type: "undone_tasks" }] },
        tenantId: tenant.id,
      }),
    );
  },
};

/** The English texts of the error keys, as apps/web/src/lib/api-error.ts maps them. */
function clientMessages(): Map<string, string> {
  const source = readFileSync(new URL("../../../web/src/lib/api-error.ts", import.meta.url), "utf8");
  const messages = new Map<string, string>();
  for (const [, key, text] of source.matchAll(/^\s+(\w+): msg`([^`]*)`,$/gm)) {
    // Lingui names an interpolation by its variable: ${PASSWORD_MIN_LENGTH} -> {PASSWORD_MIN_LENGTH}.
    if (key && text !== undefined) messages.set(key, text.replace(/\$\{(\w+)\}/g, "{$1}"));
  }
  return messages;
}

/** msgid -> msgstr of one catalog (single- and multi-line entries). */
function catalog(language: string): Map<string, string> {
  const source = readFileSync(
    new URL(`../../../web/src/locales/${language}/messages.po`, import.meta.url),
    "utf8",
  );
  const entries = new Map<string, string>();
  const text = (block: string) =>
    [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join("");
  for (const entry of source.split(/\n\n/)) {
    const id = entry.match(/^msgid ((?:".*"\n?)+)/m);
    const str = entry.match(/^msgstr ((?:".*"\n?)+)/m);
    if (id?.[1] && str?.[1]) entries.set(text(id[1]), text(str[1]));
  }
  return entries;
}

describe("issue 10.4: every error key of document 1 §8 is sent in its situation and translated", () => {
  it.each(Object.keys(SITUATIONS))("issue 10.4: %s is answered in its situation", async (key) => {
    const situation = SITUATIONS[key];
    if (!situation) throw new Error(key);
    const answer = await situation();
    expect(errorOf(answer).error_key).toBe(key);
    expect(answer.status).toBe(ERROR_STATUS[key as ErrorKey]);
  });

  it("issue 10.4: an unexpected failure answers the operation's key and is still logged", async () => {
    loggedErrors.length = 0;
    const answer = await SITUATIONS.user_creation_failed?.();
    expect(answer?.body).toMatchObject({ error_key: "user_creation_failed" });
    expect(JSON.stringify(answer?.body)).not.toContain("injected fault");
    expect(loggedErrors).toHaveLength(1);
    expect(loggedErrors[0]?.path).toBe("admin.createUser");
    // drizzle wraps PostgreSQL's error; the log keeps the whole chain.
    const logged = loggedErrors[0]?.err as Error & { cause?: unknown };
    expect(String(logged.cause)).toContain("injected fault");
  });

  it("issue 10.4: every operation with a failure key of its own names a procedure that exists", () => {
    const procedures = appRouter._def.procedures as Record<string, unknown>;
    expect(Object.keys(OPERATION_ERROR_KEYS).filter((path) => !procedures[path])).toEqual([]);
  });

  it("issue 10.4: each of those keys has a message in all five catalogs", () => {
    const messages = clientMessages();
    const catalogs = ["en", "fi", "ee", "ru", "pl"].map((language) => ({
      language,
      entries: catalog(language),
    }));
    for (const key of Object.keys(SITUATIONS)) {
      const message = messages.get(key);
      expect(message, `${key} in api-error.ts`).toBeTruthy();
      for (const { language, entries } of catalogs) {
        expect(entries.has(message ?? ""), `${key} in ${language}`).toBe(true);
        if (language !== "en") expect(entries.get(message ?? ""), `${key} in ${language}`).not.toBe("");
      }
    }
  });
});

describe("issue 10.5: adding users", () => {
  it("issue 10.5: a failed add to an account names the field and its problem", async () => {
    const { tenant, actor } = await tenantAdmin();
    const add = (body: unknown) => call(actor, "POST", "/tenant/user", { body, tenantId: tenant.id });
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ firstName: "Nobody" }, { email: "field_required" }],
      [{ email: "  " }, { email: "field_required" }],
      [{ email: "not an address" }, { email: "no_spaces" }],
      [{ email: "nobody.example" }, { email: "invalid_email" }],
      [{ email: "ok@example.test", firstName: "x".repeat(101) }, { firstName: "too_long" }],
    ];
    for (const [body, fields] of cases) {
      const answer = await add(body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).error_key).toBe("validation_failed");
      expect(errorOf(answer).data?.fields).toEqual(fields);
    }
  });

  it("issue 10.5: a new platform user without chosen roles starts least-privileged; none at all is refused", async () => {
    const admin = await platformAdmin();
    const suffix = randomUUID().slice(0, 8);
    const cloud = await call(admin, "POST", "/admin/user", {
      body: { type: "CLOUD", email: `d-${suffix}@example.test` },
    });
    expect(cloud.status).toBe(200);
    expect(outputOf("admin.createUser", cloud).roles).toEqual(["basic"]);
    const local = await call(admin, "POST", "/admin/user", {
      body: { type: "LOCAL", username: `device-${suffix}`, password: "lobby kiosk shared 2026" },
    });
    expect(outputOf("admin.createUser", local)).toMatchObject({ roles: ["agent"], agentUser: true });
    const none = await call(admin, "POST", "/admin/user", {
      body: { type: "CLOUD", email: `n-${suffix}@example.test`, roleSet: [] },
    });
    expect(errorOf(none).error_key).toBe("at_least_one_role_required");
    expect(errorOf(none).data?.fields).toEqual({ roleSet: "at_least_one_role_required" });
  });
});

describe("issue 10.6: the account users list", () => {
  it("issue 10.6: GET /api/tenant/user answers every member; the client pages them by 100", async () => {
    const { tenant, actor } = await tenantAdmin();
    const ids = await asOwnerInsertMembers(tenant.id, 150);
    const answer = await call(actor, "GET", "/tenant/user", { tenantId: tenant.id });
    expect(answer.status).toBe(200);
    const members = outputOf("tenant.users", answer);
    expect(members).toHaveLength(151);
    expect(members.map((u) => u.id)).toEqual(expect.arrayContaining(ids));
    expect(APP_USER_PAGE_SIZES[0]).toBe(100);
    expect([...APP_USER_PAGE_SIZES]).toEqual([100, 200, 500]);
  });
});

/** Many members at once, straight into the tables (no hashing): users of one account. */
async function asOwnerInsertMembers(tenantId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    type: "CLOUD" as const,
    email: `member-${i}-${randomUUID().slice(0, 8)}@example.test`,
  }));
  const users = await db.owner.insert(schema.users).values(rows).returning({ id: schema.users.id });
  await db.owner
    .insert(schema.memberships)
    .values(users.map((u) => ({ tenantId, userId: u.id, roles: ["tenant_basic"] })));
  return users.map((u) => u.id);
}

describe("issue 10.7: phone numbers get the default calling code 358", () => {
  it("issue 10.7: POST /api/user and POST /api/admin/user/{id} store phones in international form", async () => {
    const user = await makeUser(db.owner);
    const actor = await actorFor(db.db, "self", user.id);
    const local = await call(actor, "POST", "/user", { body: { phone: "040 123 4567" } });
    expect(outputOf("user.update", local).phone).toBe("+358401234567");
    const foreign = await call(actor, "POST", "/user", { body: { phone: "0046 70-123 45 67" } });
    expect(outputOf("user.update", foreign).phone).toBe("+46701234567");
    const bad = await call(actor, "POST", "/user", { body: { phone: "call me maybe" } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).data?.fields).toEqual({ phone: "invalid_phone" });
    expect((await userRow(user.id)).phone).toBe("+46701234567");

    const admin = await platformAdmin();
    const byAdmin = await call(admin, "POST", `/admin/user/${user.id}`, { body: { phone: "09 123 456" } });
    expect(outputOf("admin.updateUser", byAdmin).phone).toBe("+3589123456");
  });
});

describe("issue 10.8: an account whose subscription is unpaid counts as FREE", () => {
  const STATUSES = [null, ...SUBSCRIPTION_STATUSES] as const;

  it.each(STATUSES)(
    "issue 10.8: a PRO account with subscription %s gets the plan the rule says",
    async (status) => {
      const tenant = await makeTenant(db.owner, { plan: "PRO", subscriptionStatus: status });
      const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
      const actor = await actorFor(db.db, "member", user.id);
      const expected = status === null || status === "PAID" ? "PRO" : "FREE";
      expect(effectivePlan("PRO", status)).toBe(expected);

      const me = await call(actor, "GET", "/user");
      expect(outputOf("user.me", me).tenants).toEqual([
        expect.objectContaining({ id: tenant.id, plan: expected }),
      ]);
      const current = await call(actor, "GET", "/tenant", { tenantId: tenant.id });
      expect(outputOf("tenant.current", current)).toMatchObject({
        plan: expected,
        subscribedPlan: "PRO",
        subscriptionStatus: status,
      });
      const listed = await call(await platformAdmin(), "GET", "/admin/tenant");
      expect(outputOf("admin.tenants", listed).find((t) => t.id === tenant.id)).toMatchObject({
        plan: expected,
      });

      // The plan every tenant call's checks read (withPlan, ctx.tenant.plan) comes from the database.
      const token = actor.cookie?.split("=")[1] ?? "";
      const [row] = await db.db.transaction((tx) =>
        tx.execute<{ plan: string }>(
          sql`select plan from kunto_enter_tenant(${hashToken(token)}, ${tenant.id}::uuid)`,
        ),
      );
      expect(row?.plan).toBe(expected);
    },
  );
});

describe("issue 10.9: uploaded file names are sanitised", () => {
  it("issue 10.9: POST /api/user/image keeps only a sanitised name, served in Content-Disposition", async () => {
    const user = await makeUser(db.owner);
    const actor = await actorFor(db.db, "self", user.id);
    // The smallest PNG signature is enough: the type is read from the bytes.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString("base64");
    const uploaded = await call(actor, "POST", "/user/image", {
      body: { data: png, fileName: 'C:\\fakepath\\Kesä "loma" <2026>;\r\nx.PNG' },
    });
    expect(uploaded.status).toBe(200);
    const { imageKey } = outputOf("user.uploadImage", uploaded);
    const [stored] = await db.owner
      .select()
      .from(schema.userImages)
      .where(eq(schema.userImages.key, imageKey));
    expect(stored?.fileName).toBe("Kesä__loma___2026____x.png");

    const image = await server.fetch(`/api/public/image/${imageKey}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-disposition")).toBe(
      "inline; filename=\"Kes___loma___2026____x.png\"; filename*=UTF-8''Kes%C3%A4__loma___2026____x.png",
    );

    const unnamed = await call(actor, "POST", "/user/image", { body: { data: png } });
    const plain = await server.fetch(`/api/public/image/${outputOf("user.uploadImage", unnamed).imageKey}`);
    expect(plain.headers.get("content-disposition")).toBeNull();
  });
});

describe("issue 10.10: the platform account row menu's Activate / Deactivate and Delete", () => {
  it("issue 10.10: deactivating turns members away, activating lets them in, deleting removes the account", async () => {
    const admin = await platformAdmin();
    const { tenant, actor } = await tenantAdmin();
    const current = () => call(actor, "GET", "/tenant", { tenantId: tenant.id });
    expect((await current()).status).toBe(200);

    const off = await call(admin, "POST", `/admin/tenant/${tenant.id}/plan`, {
      body: { status: "INACTIVE" },
    });
    expect(outputOf("admin.setTenantPlan", off)).toMatchObject({ status: "INACTIVE", plan: "PRO" });
    expect(errorOf(await current()).error_key).toBe("access_denied");

    const on = await call(admin, "POST", `/admin/tenant/${tenant.id}/plan`, { body: { status: "ACTIVE" } });
    expect(outputOf("admin.setTenantPlan", on).status).toBe("ACTIVE");
    expect((await current()).status).toBe(200);

    expect(outputOf("admin.deleteTenant", await call(admin, "DELETE", `/admin/tenant/${tenant.id}`))).toEqual(
      {
        ok: true,
      },
    );
    expect((await current()).status).toBe(403);
    expect(outputOf("user.me", await call(actor, "GET", "/user")).tenants).toEqual([]);
    const actions = await db.owner
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.actorUserId, admin.userId ?? ""));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["admin.admin.setTenantPlan", "admin.admin.deleteTenant"]),
    );
  });
});
