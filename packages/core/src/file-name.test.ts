import { describe, expect, it } from "vitest";
import { contentDisposition, sanitizeFileName } from "./file-name";

describe("issue 10.9: file names are sanitised as document 1 §5 says", () => {
  it("issue 10.9: keeps letters (Finnish ones too), digits, underscore, hyphen and parentheses", () => {
    expect(sanitizeFileName("Kyselyn_tulokset-2026 (Äänekoski).pdf")).toBe(
      "Kyselyn_tulokset-2026_(Äänekoski).pdf",
    );
    expect(sanitizeFileName("Åke Öberg.PNG")).toBe("Åke_Öberg.png");
    expect(sanitizeFileName("отчёт łódź.csv")).toBe("отчёт_łódź.csv");
  });

  it("issue 10.9: turns every other character into an underscore", () => {
    expect(sanitizeFileName('a/b\\c:d*e?f"g<h>i|j.txt')).toBe("c_d_e_f_g_h_i_j.txt");
    expect(sanitizeFileName("v1.2 final")).toBe("v1_2_final");
    expect(sanitizeFileName("rm -rf ~;$(x).sh")).toBe("rm_-rf____(x).sh");
    expect(sanitizeFileName("kuva 🙂.jpg")).toBe("kuva__.jpg");
    expect(sanitizeFileName("tab\tnew\nline")).toBe("tab_new_line");
  });

  it("issue 10.9: reads only the last path segment, composes accents and caps the length", () => {
    expect(sanitizeFileName("C:\\fakepath\\Kesä.jpeg")).toBe("Kesä.jpeg");
    expect(sanitizeFileName("Kesa\u0308.jpg")).toBe("Kesä.jpg");
    expect(sanitizeFileName(`${"x".repeat(300)}.pdf`)).toBe(`${"x".repeat(100)}.pdf`);
  });

  it("issue 10.9: falls back when nothing is left", () => {
    expect(sanitizeFileName("")).toBe("file");
    expect(sanitizeFileName(".png", "picture")).toBe("_png");
    expect(sanitizeFileName("  ", "picture")).toBe("picture");
  });

  it("issue 10.9: builds a header that cannot be broken out of", () => {
    expect(contentDisposition("attachment", 'Tulos "2026" (ä).csv')).toBe(
      "attachment; filename=\"Tulos__2026__(_).csv\"; filename*=UTF-8''Tulos__2026__%28%C3%A4%29.csv",
    );
    expect(contentDisposition("inline", "a\r\nSet-Cookie: x=1")).not.toMatch(/[\r\n]/);
  });
});
