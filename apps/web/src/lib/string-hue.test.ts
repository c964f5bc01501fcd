import { describe, expect, it } from "vitest";
import { stringHue } from "./string-hue";

describe("stringHue", () => {
  it("is stable and below 200", () => {
    for (const value of ["", "a", "demo@kunto.local", "Ääkkönen", "x".repeat(500)]) {
      const hue = stringHue(value);
      expect(hue).toBe(stringHue(value));
      expect(hue).toBeGreaterThanOrEqual(0);
      expect(hue).toBeLessThan(200);
    }
  });

  it("spreads different strings", () => {
    const hues = new Set(["anna@a.fi", "bert@b.fi", "carl@c.fi", "dora@d.fi", "eino@e.fi"].map(stringHue));
    expect(hues.size).toBeGreaterThan(3);
  });
});
