// `expand[]`: ids replaced by their objects, with dotted paths (`data.product` on a list,
// `subscription.customer` on a session). `line_items` of a checkout session is built on demand.
import { type FormObject, strings } from "./form";
import { badRequest } from "./http";
import type { FakeState } from "./state";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function expandPath(state: FakeState, holder: unknown, path: string[], full: string): void {
  if (Array.isArray(holder)) {
    for (const item of holder) expandPath(state, item, path, full);
    return;
  }
  const [field, ...rest] = path;
  if (!isObject(holder) || !field) return;
  if (field === "line_items" && holder.object === "checkout.session") {
    const items = state.sessionPlans.get(String(holder.id))?.lineItems ?? [];
    holder.line_items = listObject(
      `/v1/checkout/sessions/${String(holder.id)}/line_items`,
      structuredClone(items),
    );
  } else if (!(field in holder)) {
    throw badRequest(`This property cannot be expanded (${full}).`, "expand");
  } else if (typeof holder[field] === "string") {
    const found = state.find(holder[field] as string);
    if (found) holder[field] = structuredClone(found);
  }
  if (rest.length > 0) expandPath(state, holder[field], rest, full);
}

/** A deep copy of `value` with the request's `expand[]` paths applied. */
export function render<T>(state: FakeState, value: T, form: FormObject): T {
  const copy = structuredClone(value);
  for (const path of strings(form, "expand")) expandPath(state, copy, path.split("."), path);
  return copy;
}

export interface ListObject<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

export function listObject<T>(url: string, data: T[], hasMore = false): ListObject<T> {
  return { object: "list", data, has_more: hasMore, url };
}

/** A page of `items` (newest first, as Stripe lists) by `limit`, `starting_after`, `ending_before`. */
export function page<T extends { id: string }>(
  state: FakeState,
  url: string,
  items: T[],
  form: FormObject,
): ListObject<T> {
  const ordered = [...items].reverse();
  const limitText = form.limit;
  const limit = typeof limitText === "string" && limitText !== "" ? Number(limitText) : 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw badRequest("Invalid limit: must be an integer between 1 and 100.", "limit");
  }
  let start = 0;
  let end = ordered.length;
  const after = form.starting_after;
  const before = form.ending_before;
  if (typeof after === "string" && after !== "") start = ordered.findIndex((item) => item.id === after) + 1;
  if (typeof before === "string" && before !== "") {
    end = Math.max(
      0,
      ordered.findIndex((item) => item.id === before),
    );
    start = Math.max(0, end - limit);
  }
  const slice = ordered.slice(start, Math.min(end, start + limit));
  const list = listObject(url, slice, start + limit < end);
  return render(state, list, form);
}
