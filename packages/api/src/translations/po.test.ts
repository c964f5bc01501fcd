import { describe, expect, it } from "vitest";
import { readInterfaceCatalog } from "./catalog";
import { compileIcu, placeholdersOf, samePlaceholders } from "./icu";
import { linguiMessageId, parsePo } from "./po";

describe("parsePo", () => {
  it("reads entries with context, continuation lines and escapes, skipping the header and comments", () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: fi\\n"',
        "",
        "#: src/a.tsx",
        'msgid "Hello {name}"',
        'msgstr "Hei {name}"',
        "",
        'msgctxt "a difference"',
        'msgid "Up"',
        'msgstr "Ylös"',
        "",
        'msgid ""',
        '"Two \\"quoted\\" "',
        '"lines\\n"',
        'msgstr ""',
      ].join("\n"),
    );
    expect(entries).toEqual([
      { context: "", msgid: "Hello {name}", msgstr: "Hei {name}" },
      { context: "a difference", msgid: "Up", msgstr: "Ylös" },
      { context: "", msgid: 'Two "quoted" lines\n', msgstr: "" },
    ]);
  });

  it("gives Lingui's message ids", () => {
    // As @lingui/message-utils generateMessageId computes them (sha256 of msgid, U+001F, context).
    expect(linguiMessageId("Search")).toBe("A1taO8");
    expect(linguiMessageId("Up", "a difference")).toBe("K0hpS/");
  });

  it("reads the web client's catalogs: every message with its five texts", () => {
    const catalog = readInterfaceCatalog();
    expect(catalog.size).toBeGreaterThan(1000);
    const search = catalog.get(`ui.${linguiMessageId("Search")}`);
    expect(search?.en).toBe("Search");
    expect(search?.fi).toBeTruthy();
  });
});

describe("compileIcu", () => {
  it("compiles as @lingui/message-utils compileMessage does", () => {
    expect(compileIcu("Hello {name}")).toEqual(["Hello ", ["name"]]);
    expect(compileIcu("Click <0>here</0> now")).toEqual(["Click <0>here</0> now"]);
    expect(compileIcu("{0, plural, one {# answer} other {# answers}}")).toEqual([
      ["0", "plural", { one: ["#", " answer"], other: ["#", " answers"] }],
    ]);
    expect(compileIcu("It's {a} '{b}'")).toEqual(["It's ", ["a"], " {b}"]);
    expect(compileIcu("{count, select, a {x} other {y}}")).toEqual([
      ["count", "select", { a: ["x"], other: ["y"] }],
    ]);
    expect(compileIcu("{n, plural, offset:1 =0 {none} other {# more}}")).toEqual([
      ["n", "plural", { offset: 1, 0: ["none"], other: ["#", " more"] }],
    ]);
    expect(compileIcu("{d, date, short}")).toEqual([["d", "date", "short"]]);
    expect(compileIcu("Plain")).toEqual(["Plain"]);
  });

  it("keeps a text that does not parse as one literal", () => {
    expect(compileIcu("broken {")).toEqual(["broken {"]);
  });
});

describe("placeholders", () => {
  it("names arguments, nested ones and element tags", () => {
    expect(placeholdersOf("Hi {name}, <0>open</0> {n, plural, one {# {thing}} other {#}}")).toEqual([
      "</0>",
      "<0>",
      "{name}",
      "{n}",
      "{thing}",
    ]);
    expect(placeholdersOf("Plain text")).toEqual([]);
  });

  it("compares a translation with its source, in any order", () => {
    expect(samePlaceholders("Hello {name} <0>x</0>", "<0>y</0> moi {name}")).toBe(true);
    expect(samePlaceholders("Hello {name}", "Hello")).toBe(false);
    expect(samePlaceholders("Hello {name}", "Hello {nimi}")).toBe(false);
    expect(samePlaceholders("<0>x</0>", "x")).toBe(false);
    expect(samePlaceholders("Open {link} now", "{link}")).toBe(true);
  });
});
