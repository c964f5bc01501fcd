import { describe, expect, it } from "vitest";
import { boolean, flag, integer, text, textList, textOrNumber, uuid } from "./search-params";

describe("route search parameters", () => {
  it("reads text up to its limit and nothing else", () => {
    expect(text("abc", 3)).toBe("abc");
    expect(text("abcd", 3)).toBeUndefined();
    expect(text(12, 3)).toBeUndefined();
    expect(text(undefined, 3)).toBeUndefined();
    expect(textOrNumber(1)).toBe(1);
    expect(textOrNumber("1")).toBe("1");
    expect(textOrNumber({})).toBeUndefined();
  });

  it("reads a canonical UUID only", () => {
    expect(uuid("0b5f6f3e-8c1a-4d2b-9e7f-1a2b3c4d5e6f")).toBe("0b5f6f3e-8c1a-4d2b-9e7f-1a2b3c4d5e6f");
    expect(uuid("0b5f6f3e8c1a4d2b9e7f1a2b3c4d5e6f")).toBeUndefined();
    expect(uuid("x")).toBeUndefined();
    expect(uuid(5)).toBeUndefined();
  });

  it("reads booleans and switches", () => {
    expect(boolean(true)).toBe(true);
    expect(boolean("true")).toBeUndefined();
    expect(flag(true)).toBe(true);
    expect(flag("true")).toBe(true);
    expect(flag(1)).toBe(true);
    expect(flag("1")).toBe(true);
    expect(flag("no")).toBe(false);
    expect(flag(false)).toBe(false);
    expect(flag(undefined)).toBeUndefined();
    expect(flag([true])).toBeUndefined();
  });

  it("reads integers within bounds", () => {
    expect(integer(3, 1, 7)).toBe(3);
    expect(integer("7", 1, 7)).toBe(7);
    expect(integer(8, 1, 7)).toBeUndefined();
    expect(integer(2.5, 1, 7)).toBeUndefined();
    expect(integer("", 1, 7)).toBeUndefined();
    expect(integer("x", 1, 7)).toBeUndefined();
    expect(integer(undefined, 1, 7)).toBeUndefined();
  });

  it("reads lists of short strings, a single string being a list of one", () => {
    expect(textList(["a", "b"], 2)).toEqual(["a", "b"]);
    expect(textList("a", 2)).toEqual(["a"]);
    expect(textList(["a", "abc"], 2)).toBeUndefined();
    expect(textList([1], 2)).toBeUndefined();
    expect(textList([], 2)).toBeUndefined();
    expect(textList(undefined, 2)).toBeUndefined();
  });
});
