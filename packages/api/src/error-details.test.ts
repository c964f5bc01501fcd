import { AppError } from "@kunto/core";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { errorDetailsOf, fieldErrorsOf } from "./errors";

const refusal = (error: AppError) => new TRPCError({ code: "BAD_REQUEST", message: error.key, cause: error });

describe("issue 20.3: the details an error body carries", () => {
  it("sends the listed details with values of their type, and nothing else", () => {
    const error = refusal(
      new AppError("plan_required", {
        feature: "combinedAnalyses",
        limit: 1,
        retryAfter: 5,
        sql: "select 1",
      }),
    );
    expect(errorDetailsOf(error)).toEqual({ feature: "combinedAnalyses", limit: 1 });
    expect(errorDetailsOf(refusal(new AppError("max_recipients_reached", { cap: "ten" })))).toEqual({});
    expect(errorDetailsOf(refusal(new AppError("task_already_created", { id: "3f2c" })))).toEqual({
      id: "3f2c",
    });
    expect(errorDetailsOf(new TRPCError({ code: "NOT_FOUND" }))).toEqual({});
  });

  it("names a service's fields with keys: a field key or error key as it is, any other word as the error's key", () => {
    const fields = (details: Record<string, unknown>) =>
      fieldErrorsOf(refusal(new AppError("category_parent_invalid", details)));
    expect(fields({ fields: { parentCategoryId: "cycle" } })).toEqual({
      parentCategoryId: "category_parent_invalid",
    });
    expect(fields({ fields: { name: "field_required", email: "invalid_email" } })).toEqual({
      name: "field_required",
      email: "invalid_email",
    });
    expect(fields({ fields: { teamKey: "not_found" } })).toEqual({ teamKey: "not_found" });
    expect(fields({ fields: "not a record" })).toBeUndefined();
    expect(fields({})).toBeUndefined();
  });
});
