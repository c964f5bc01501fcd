// Stripe's v1 API takes `application/x-www-form-urlencoded` bodies (and query strings) with nested
// keys: `line_items[0][price]=…`, `metadata[tenantId]=…`, `expand[]=…` or `expand[0]=…`.
import { StripeApiError } from "./http";

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** Decodes a form body or query string into nested objects; objects keyed 0..n become arrays. */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i] === "" ? String(Object.keys(node).length) : (path[i] as string);
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next !== "object" || Array.isArray(next)) node[key] = {};
        node = node[key] as FormObject;
      }
    }
  }
  return toArrays(root, "") as FormObject;
}

function toArrays(value: FormValue, key: string): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, toArrays(v, k)] as const);
  const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (numeric && key !== "metadata") {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

const invalid = (param: string, message: string) =>
  new StripeApiError(400, "invalid_request_error", message, { code: "parameter_invalid", param });

export function str(form: FormObject, name: string): string | undefined {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(name, `Invalid string: ${name} must be a string.`);
  return value;
}

export function requiredStr(form: FormObject, name: string): string {
  const value = str(form, name);
  if (value === undefined || value === "") {
    throw new StripeApiError(400, "invalid_request_error", `Missing required param: ${name}.`, {
      code: "parameter_missing",
      param: name,
    });
  }
  return value;
}

export function int(form: FormObject, name: string): number | undefined {
  const value = str(form, name);
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(name, `Invalid integer: ${value}`);
  return Number(value);
}

export function bool(form: FormObject, name: string): boolean | undefined {
  const value = str(form, name);
  if (value === undefined || value === "") return undefined;
  if (value !== "true" && value !== "false") throw invalid(name, `Invalid boolean: ${value}`);
  return value === "true";
}

export function obj(form: FormObject, name: string): FormObject | undefined {
  const value = form[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalid(name, `Invalid object: ${name} must be a hash.`);
  }
  return value;
}

export function list(form: FormObject, name: string): FormValue[] {
  const value = form[name];
  if (value === undefined || value === "") return [];
  if (!Array.isArray(value)) throw invalid(name, `Invalid array: ${name} must be an array.`);
  return value;
}

export function strings(form: FormObject, name: string): string[] {
  return list(form, name).map((item) => {
    if (typeof item !== "string") throw invalid(name, `Invalid array: ${name} must hold strings.`);
    return item;
  });
}

/** Metadata as Stripe keeps it: strings only; on update an empty value removes the key. */
export function metadata(form: FormObject, current: Record<string, string> = {}): Record<string, string> {
  const given = obj(form, "metadata");
  if (form.metadata === "") return {};
  if (!given) return { ...current };
  const next = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== "string") throw invalid(`metadata[${key}]`, "Metadata values must be strings.");
    if (value === "") delete next[key];
    else next[key] = value;
  }
  return next;
}
