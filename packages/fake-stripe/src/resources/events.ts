import { page, render } from "../expand";
import { str, strings } from "../form";
import { notFound } from "../http";
import type { ApiRoute } from "../router";

export const eventRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: /^\/v1\/events$/,
    handler: ({ state, form }) => {
      const type = str(form, "type");
      const types = strings(form, "types");
      const matches = (t: string) =>
        type === undefined || (type.endsWith(".*") ? t.startsWith(type.slice(0, -1)) : t === type);
      const items = [...state.events.values()].filter(
        (e) => matches(e.type) && (types.length === 0 || types.includes(e.type)),
      );
      return page(state, "/v1/events", items, form);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/events\/([^/]+)$/,
    handler: ({ state, params, form }) => {
      const event = state.events.get(params[0] ?? "");
      if (!event) throw notFound("event", params[0] ?? "");
      return render(state, event, form);
    },
  },
];
