import { describe, expect, it } from "vitest";
import { allowedMethods, decodePath } from "./rest-routes";

describe("issue 20.3: what the REST handler settles before the adapter matches a path", () => {
  it("decodes the escapes a path segment may carry as they are, and only those", () => {
    expect(decodePath("/tenant/survey/reports/A%2CB%2cC")).toBe("/tenant/survey/reports/A,B,C");
    expect(decodePath("/x/%41%3A%40%7E")).toBe("/x/A:@~");
    // A segment boundary, a parent segment, an escape of an escape, a space, NUL: as they came.
    expect(decodePath("/x/a%2Fb/%2E%2E/%252C/%20/%00")).toBe("/x/a%2Fb/%2E%2E/%252C/%20/%00");
  });

  it("knows the methods of documented paths, and nothing of unknown ones", () => {
    expect(allowedMethods("/user")).toEqual(["GET", "POST"]);
    expect(allowedMethods("/user/")).toEqual(["GET", "POST"]);
    expect(allowedMethods("/tenant/survey/reports/K7Q2M4XD9BFH")).toEqual(["GET"]);
    expect(allowedMethods("/public/image/abc")).toEqual(["GET"]);
    expect(allowedMethods("/no/such/path")).toBeNull();
    // Any case, as the adapter matches; a known first segment with a segment too many or too few.
    expect(allowedMethods("/USER")).toEqual(["GET", "POST"]);
    expect(allowedMethods("/public/survey/K/team/response")).toEqual(["POST"]);
    expect(allowedMethods("/public/survey/K/team/response/x")).toBeNull();
    expect(allowedMethods("/public/survey/K")).toBeNull();
  });
});
