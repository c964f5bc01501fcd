/**
 * The ICU MessageFormat subset Lingui catalogs use: text, `{name}`, `{n, plural|select|selectordinal,
 * ... {…}}` with `#`, and `'` quoting. Two uses: the placeholders a text must keep, and the compiled
 * form Lingui's runtime reads (what @lingui/message-utils compileMessage gives), so an override loads
 * into the running client without a compiler in its bundle.
 */
export type Compiled = Array<string | CompiledArg>;
type CompiledArg = [string] | [string, string] | [string, string, string | Record<string, Compiled | number>];

class Reader {
  pos = 0;
  constructor(readonly text: string) {}
  /** Text and arguments up to an unmatched `}` or the end. */
  message(inPlural: boolean): Compiled {
    const out: Compiled = [];
    let text = "";
    const s = this.text;
    while (this.pos < s.length) {
      const c = s[this.pos] as string;
      if (c === "}") break;
      if (c === "{") {
        if (text) out.push(text);
        text = "";
        out.push(this.argument());
        continue;
      }
      if (c === "#" && inPlural) {
        if (text) out.push(text);
        text = "";
        out.push("#");
        this.pos++;
        continue;
      }
      if (c === "'") {
        const next = s[this.pos + 1];
        if (next === "'") {
          text += "'";
          this.pos += 2;
          continue;
        }
        if (next === "{" || next === "}" || (next === "#" && inPlural)) {
          const end = s.indexOf("'", this.pos + 1);
          const stop = end === -1 ? s.length : end;
          text += s.slice(this.pos + 1, stop).replace(/''/g, "'");
          this.pos = stop + 1;
          continue;
        }
      }
      text += c;
      this.pos++;
    }
    if (text) out.push(text);
    return out;
  }
  argument(): CompiledArg {
    const s = this.text;
    const close = (): void => {
      if (s[this.pos] !== "}") throw new SyntaxError("unclosed argument");
      this.pos++;
    };
    this.pos++; // {
    const head = /^\s*([^\s,{}]+)\s*(?:,\s*(\w+)\s*(?:,\s*)?)?/.exec(s.slice(this.pos));
    if (!head) throw new SyntaxError("bad argument");
    this.pos += head[0].length;
    const name = head[1] as string;
    const type = head[2];
    if (!type) {
      close();
      return [name];
    }
    if (type !== "plural" && type !== "select" && type !== "selectordinal") {
      // A formatter such as {n, number}: its style text is kept as it is.
      const end = s.indexOf("}", this.pos);
      if (end === -1) throw new SyntaxError("unclosed argument");
      const style = s.slice(this.pos, end).trim();
      this.pos = end + 1;
      return style ? [name, type, style] : [name, type];
    }
    const cases: Record<string, Compiled | number> = {};
    for (;;) {
      const key = /^\s*(offset:\s*\d+\s+)?(=?[^\s{}]+)\s*\{/.exec(s.slice(this.pos));
      if (!key) break;
      if (key[1]) cases.offset = Number(key[1].replace(/offset:\s*/, ""));
      this.pos += key[0].length;
      cases[(key[2] as string).replace(/^=/, "")] = this.message(type !== "select");
      close();
    }
    while (s[this.pos] === " " || s[this.pos] === "\n") this.pos++;
    close();
    return [name, type, cases];
  }
}

/** The compiled form; a text that does not parse is kept as one literal string. */
export function compileIcu(text: string): Compiled {
  try {
    const reader = new Reader(text);
    const out = reader.message(false);
    if (reader.pos !== text.length) throw new SyntaxError("unmatched }");
    return out;
  } catch {
    return [text];
  }
}

/** Sorted, de-duplicated placeholders: argument names as `{name}` and element tags as `<0>`, `</0>`, `<0/>`. */
export function placeholdersOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/<\/?\d+\s*\/?>/g)) found.add(m[0].replace(/\s/g, ""));
  const walk = (parts: Compiled) => {
    for (const part of parts) {
      if (typeof part === "string") continue;
      found.add(`{${part[0]}}`);
      const cases = part[2];
      if (cases && typeof cases === "object")
        for (const value of Object.values(cases)) if (Array.isArray(value)) walk(value);
    }
  };
  const compiled = compileIcu(text);
  if (compiled.length === 1 && compiled[0] === text && text.includes("{")) {
    // Not ICU: plain {name} placeholders (the mail texts).
    for (const m of text.matchAll(/\{(\w+)\}/g)) found.add(`{${m[1]}}`);
  } else walk(compiled);
  return [...found].sort();
}

export const samePlaceholders = (a: string, b: string): boolean =>
  placeholdersOf(a).join("\u0000") === placeholdersOf(b).join("\u0000");
