import { createHash } from "node:crypto";

/**
 * A small reader of the web client's gettext catalogs (the `.po` files `lingui extract` writes):
 * msgctxt, msgid and msgstr with their continuation lines; comments and the header are skipped.
 */
export interface PoEntry {
  context: string;
  msgid: string;
  msgstr: string;
}

const unquote = (quoted: string): string =>
  JSON.parse(quoted.replace(/\\t/g, "\\t").replace(/\\'/g, "'")) as string;

export function parsePo(source: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<Record<"msgctxt" | "msgid" | "msgstr", string>> = {};
  let field: "msgctxt" | "msgid" | "msgstr" | null = null;
  const flush = () => {
    if (current.msgid)
      entries.push({ context: current.msgctxt ?? "", msgid: current.msgid, msgstr: current.msgstr ?? "" });
    current = {};
    field = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (keyword) {
      const name = keyword[1] as "msgctxt" | "msgid" | "msgstr";
      // A new entry starts at its msgctxt, or at a msgid not preceded by one.
      if (name === "msgctxt" || (name === "msgid" && field !== "msgctxt")) flush();
      field = name;
      current[name] = unquote(keyword[2] as string);
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? "") + unquote(line);
    } else if (line === "" || line.startsWith("#")) {
      if (line === "") flush();
    }
  }
  flush();
  return entries;
}

/** Lingui's id of a message without an explicit id (@lingui/message-utils generateMessageId). */
export const linguiMessageId = (msgid: string, context = ""): string =>
  createHash("sha256").update(`${msgid}\u001F${context}`).digest("base64").slice(0, 6);
