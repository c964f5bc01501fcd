/** Characters a file name keeps (document 1 §5): letters of any alphabet, Finnish ones included. */
const KEPT = /^[\p{L}0-9_\-()]$/u;
/** An extension is kept when it looks like one: "report.pdf", not "v1.2 final". */
const EXTENSION = /^[A-Za-z0-9]{1,10}$/;
const MAX_STEM = 100;

/**
 * A file name safe to store, show and send back (document 1 §5): letters, digits, underscore,
 * hyphen and parentheses stay, every other character becomes an underscore. A short alphanumeric
 * extension is kept (lower-cased) after its dot; only the last path segment counts (browsers send
 * `C:\fakepath\...`). An empty result is `fallback`.
 */
export function sanitizeFileName(name: string, fallback = "file"): string {
  const base = name.normalize("NFC").trim().split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 ? base.slice(dot + 1) : "";
  const keepExtension = EXTENSION.test(extension);
  const stem = Array.from(keepExtension ? base.slice(0, dot) : base, (ch) => (KEPT.test(ch) ? ch : "_"))
    .slice(0, MAX_STEM)
    .join("");
  const safeStem = stem || fallback;
  return keepExtension ? `${safeStem}.${extension.toLowerCase()}` : safeStem;
}

/** RFC 5987 value: UTF-8 percent-encoded, with the characters encodeURIComponent leaves as they are. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A Content-Disposition header for a download or an inline file: the sanitised name, with an
 * ASCII-only fallback for old clients and the full name as `filename*`.
 */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const safe = sanitizeFileName(name);
  const ascii = Array.from(safe, (ch) => (ch.charCodeAt(0) < 128 ? ch : "_")).join("");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(safe)}`;
}
