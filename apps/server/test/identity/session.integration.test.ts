import { createSession, sessionCookieName } from "@kunto/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFor, connect, makeTenant, makeUser, startServer } from "../support/harness";

const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const session = async (cookie?: string) => {
  const response = await server.fetch("/trpc/user.session", { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as { result?: { data: unknown } } };
};

describe("user.session", () => {
  it("issue 6.16: answers null with 200 when signed out, and the user when signed in", async () => {
    const anonymous = await session();
    expect(anonymous).toEqual({ status: 200, body: { result: { data: null } } });
    const unknownCookie = await session("kunto_session=not-a-session");
    expect(unknownCookie).toEqual({ status: 200, body: { result: { data: null } } });

    const tenant = await makeTenant(db.owner);
    const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_admin"] });
    const actor = await actorFor(db.db, "member", user.id);
    const signedIn = await session(actor.cookie ?? "");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result?.data).toMatchObject({
      id: user.id,
      email: user.email,
      tenants: [{ id: tenant.id, name: tenant.name }],
    });
  });

  it("issue 6.16: a session still waiting for its second factor is not signed in", async () => {
    const user = await makeUser(db.owner);
    const { token } = await createSession(db.db, user.id, "mfa_pending");
    expect(await session(`${sessionCookieName(false)}=${token}`)).toEqual({
      status: 200,
      body: { result: { data: null } },
    });
  });
});
