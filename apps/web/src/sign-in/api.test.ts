import { afterEach, describe, expect, it, vi } from "vitest";
import { api, CallError, errorOf, NETWORK } from "./api";

describe("errorOf", () => {
  it("reads the error key and field keys of a tRPC error answer", () => {
    const error = errorOf({
      error: {
        message: "validation_failed",
        code: -32600,
        error_key: "validation_failed",
        data: {
          code: "BAD_REQUEST",
          httpStatus: 400,
          path: "auth.resetPassword",
          error_key: "validation_failed",
          fields: { code: "field_required", newPassword: "too_long", odd: 3 },
        },
      },
    });
    expect(error).toBeInstanceOf(CallError);
    expect(error.key).toBe("validation_failed");
    expect(error.fields).toEqual({ code: "field_required", newPassword: "too_long" });
  });

  it("reads the key of the answers the server's guards give before tRPC", () => {
    const error = errorOf({ message: "csrf_rejected", code: "FORBIDDEN", error_key: "csrf_rejected" });
    expect(error.key).toBe("csrf_rejected");
    expect(error.fields).toEqual({});
  });

  it("prefers the data's key and falls back to the error's", () => {
    expect(errorOf({ error: { error_key: "invalid_credentials", data: {} } }).key).toBe(
      "invalid_credentials",
    );
    expect(errorOf({ error: { error_key: "x", data: { error_key: "invalid_code" } } }).key).toBe(
      "invalid_code",
    );
  });

  it("calls a body that names no key an internal error", () => {
    for (const body of [
      null,
      "Bad gateway",
      [],
      { error: {} },
      { error: { error_key: "" } },
      { error_key: 5 },
    ])
      expect(errorOf(body).key).toBe("internal_error");
  });
});

describe("the calls", () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    );

  it("posts one procedure's input as JSON with the session cookie, and returns its data", async () => {
    const fetch = answer(200, { result: { data: { status: "MFA_REQUIRED" } } });
    vi.stubGlobal("fetch", fetch);
    expect(await api.signIn("Anna@Example.fi", "secret words")).toEqual({ status: "MFA_REQUIRED" });
    expect(fetch).toHaveBeenCalledWith("/trpc/auth.signIn", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "Anna@Example.fi", password: "secret words" }),
      credentials: "same-origin",
      cache: "no-store",
    });
  });

  it("asks who is signed in with a GET, null being an answer", async () => {
    const fetch = answer(200, { result: { data: null } });
    vi.stubGlobal("fetch", fetch);
    expect(await api.session()).toBeNull();
    expect(fetch).toHaveBeenCalledWith("/trpc/user.session", expect.objectContaining({ method: "GET" }));
  });

  it("throws the answer's error key, and `network` when there is no answer", async () => {
    vi.stubGlobal("fetch", answer(401, { error: { error_key: "invalid_credentials", data: {} } }));
    await expect(api.signIn("a", "b")).rejects.toMatchObject({ key: "invalid_credentials" });
    vi.stubGlobal("fetch", answer(200, { unexpected: true }));
    await expect(api.startDemo("fi")).rejects.toMatchObject({ key: "internal_error" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(api.signOut()).rejects.toMatchObject({ key: NETWORK });
  });
});
