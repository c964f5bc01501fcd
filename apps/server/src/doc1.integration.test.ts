import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorFor, connect, makeUser, startServer } from "./test/harness";

/** Document 1 conformance (issue 10): every item over real HTTP against the running app. */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked field by field.
  body: any;
}

/** One REST call as `actor`, with the Origin a browser sends on writes. */
async function call(
  actor: Actor | null,
  method: string,
  path: string,
  options: { body?: unknown; tenantId?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: server.base };
  if (actor?.cookie) headers.cookie = actor.cookie;
  if (options.tenantId) headers["x-tenant-id"] = options.tenantId;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await server.fetch(`/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

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
    expect(phoneOnly.body).toMatchObject({ firstName: "Test", lastName: "Person" });
    expect(await userRow(user.id)).toMatchObject({ firstName: "Test", lastName: "Person" });

    const cleared = await call(actor, "POST", "/user", { body: { lastName: null } });
    expect(cleared.body).toMatchObject({ firstName: "Test", lastName: null });
    expect((await userRow(user.id)).phone).not.toBeNull();

    const nothing = await call(actor, "POST", "/user", { body: {} });
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ firstName: "Test", lastName: null });

    // The client may send the whole user back: the unchanged address passes (any case).
    const same = await call(actor, "POST", "/user", {
      body: { email: user.email?.toUpperCase(), firstName: "Tessa" },
    });
    expect(same.status).toBe(200);
    expect(same.body.firstName).toBe("Tessa");

    const other = await call(actor, "POST", "/user", {
      body: { email: "someone-else@example.test", firstName: "Mallory" },
    });
    expect(other.status).toBe(400);
    expect(other.body.error_key).toBe("email_read_only");
    expect(await userRow(user.id)).toMatchObject({ email: user.email, firstName: "Tessa" });
  });

  it("issue 10.1: POST /api/admin/user/{id} with only a phone keeps the names", async () => {
    const admin = await platformAdmin();
    const user = await makeUser(db.owner);
    const answer = await call(admin, "POST", `/admin/user/${user.id}`, { body: { phone: "0401234567" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ firstName: "Test", lastName: "Person" });
    expect(await userRow(user.id)).toMatchObject({ firstName: "Test", lastName: "Person" });

    const renamed = await call(admin, "POST", `/admin/user/${user.id}`, { body: { firstName: "Uusi" } });
    expect(renamed.body).toMatchObject({ firstName: "Uusi", lastName: "Person" });
    expect((await userRow(user.id)).phone).not.toBeNull();

    const email = await call(admin, "POST", `/admin/user/${user.id}`, {
      body: { email: "new@example.test" },
    });
    expect(email.status).toBe(400);
    expect(email.body.error_key).toBe("email_read_only");
    expect(
      (await call(admin, "POST", "/admin/user/00000000-0000-4000-8000-000000000000", { body: {} })).body
        .error_key,
    ).toBe("not_found");
  });
});

/** Signs in through the client's tRPC call; answers the status and the session cookie. */
async function signIn(username: string, password: string) {
  const response = await server.fetch("/trpc/auth.signIn", {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { result?: { data?: { status?: string } } };
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { status: body.result?.data?.status, actor: { name: username, cookie, userId: null } as Actor };
}

describe("issue 10.2: users an admin creates with a password choose their own at first sign-in", () => {
  it("issue 10.2: a shared-device user created with a password must set a new one before anything opens", async () => {
    const admin = await platformAdmin();
    const username = `kiosk-${Date.now()}`;
    const created = await call(admin, "POST", "/admin/user", {
      body: { type: "LOCAL", username, password: "lobby kiosk shared 2026", roleSet: ["agent"] },
    });
    expect(created.status).toBe(200);
    expect((await userRow(created.body.id)).mustChangePassword).toBe(true);

    const first = await signIn(username, "lobby kiosk shared 2026");
    expect(first.status).toBe("NEW_PASSWORD_REQUIRED");
    expect((await call(first.actor, "GET", "/user")).status).toBe(401);

    const chosen = await server.fetch("/trpc/auth.completeNewPassword", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base, cookie: first.actor.cookie ?? "" },
      body: JSON.stringify({ newPassword: "tablet by the lobby door 77" }),
    });
    expect(chosen.status).toBe(200);
    expect((await call(first.actor, "GET", "/user")).body.username).toBe(username);
    expect((await userRow(created.body.id)).mustChangePassword).toBe(false);
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
  it("issue 10.3: POST /api/admin/tenant needs street address, zip code, city and country; D-U-N-S is taken", async () => {
    const admin = await platformAdmin();
    const bare = await call(admin, "POST", "/admin/tenant", { body: { name: "Bare Oy", country: "FI" } });
    expect(bare.status).toBe(400);
    expect(bare.body.error_key).toBe("validation_failed");
    expect(bare.body.data.fields).toEqual({
      streetAddress: "field_required",
      zipCode: "field_required",
      city: "field_required",
    });
    const blank = await call(admin, "POST", "/admin/tenant", {
      body: { name: "Blank Oy", country: "", streetAddress: " ", zipCode: "00100", city: "Helsinki" },
    });
    expect(blank.body.data.fields).toEqual({ streetAddress: "field_required", country: "invalid_country" });
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
    expect(badDuns.body.data.fields).toEqual({ dunsNumber: "invalid_duns" });

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
    expect(created.body).toMatchObject({
      name: "Complete Oy",
      dunsNumber: "123456789",
      plan: "PRO",
      city: "Helsinki",
    });
  });
});
