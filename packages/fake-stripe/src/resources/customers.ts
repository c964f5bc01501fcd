import { page, render } from "../expand";
import { type FormObject, metadata, obj, str, strings } from "../form";
import { notFound } from "../http";
import type { ApiRoute } from "../router";
import type { FakeState } from "../state";
import type { Customer } from "../types";
import { cancelNow } from "./lifecycle";

export function getCustomer(state: FakeState, id: string, param = "id"): Customer {
  const customer = state.customers.get(id);
  if (!customer) throw notFound("customer", id, param);
  return customer;
}

function address(form: FormObject): Customer["address"] | undefined {
  const given = obj(form, "address");
  if (form.address === "") return null;
  if (!given) return undefined;
  const field = (name: string) => str(given, name) ?? null;
  return {
    city: field("city"),
    country: field("country"),
    line1: field("line1"),
    line2: field("line2"),
    postal_code: field("postal_code"),
    state: field("state"),
  };
}

function update(customer: Customer, form: FormObject): Customer {
  customer.email = str(form, "email") ?? customer.email;
  customer.name = str(form, "name") ?? customer.name;
  customer.description = str(form, "description") ?? customer.description;
  customer.phone = str(form, "phone") ?? customer.phone;
  customer.address = address(form) ?? customer.address;
  if (form.preferred_locales !== undefined) customer.preferred_locales = strings(form, "preferred_locales");
  customer.metadata = metadata(form, customer.metadata);
  return customer;
}

export const customerRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/customers$/,
    handler: ({ state, form }) => {
      const customer = update(state.addCustomer({ id: str(form, "id") }), form);
      state.publishLater("customer.created", customer);
      return render(state, customer, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/customers$/,
    handler: ({ state, form }) => {
      const email = str(form, "email");
      const items = [...state.customers.values()].filter((c) => email === undefined || c.email === email);
      return page(state, "/v1/customers", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/customers\/([^/]+)$/,
    handler: ({ state, params, form }) => render(state, getCustomer(state, params[0] ?? ""), form),
  },
  {
    method: "POST",
    path: /^\/v1\/customers\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const customer = update(getCustomer(state, params[0] ?? ""), form);
      state.publishLater("customer.updated", customer);
      return render(state, customer, form);
    },
  },
  {
    method: "DELETE",
    path: /^\/v1\/customers\/([^/]+)$/,
    handler: ({ state, params }) => {
      const customer = getCustomer(state, params[0] ?? "");
      state.customers.delete(customer.id);
      for (const sub of state.subscriptions.values()) if (sub.customer === customer.id) cancelNow(state, sub);
      state.publishLater("customer.deleted", customer);
      return { id: customer.id, object: "customer", deleted: true };
    },
  },
];
