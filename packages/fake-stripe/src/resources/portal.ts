// Billing portal sessions (API) and the hosted portal page: see the plan, cancel it at the period
// end or take the cancellation back, return to the app.
import { render } from "../expand";
import { requiredStr, str } from "../form";
import { redirect, sendHtml } from "../http";
import { buttonForm, escapeHtml, formatDate, formatPrice, htmlPage } from "../pages";
import type { ApiRoute, PageContext, PageRoute } from "../router";
import type { FakeState } from "../state";
import type { PortalSession, Subscription } from "../types";
import { getCustomer } from "./customers";
import { periodEnd, setCancelAtPeriodEnd } from "./lifecycle";

export const portalRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/billing_portal\/sessions$/,
    handler: ({ state, form }) => {
      const customer = getCustomer(state, requiredStr(form, "customer"), "customer");
      const id = state.newId("bps");
      const session: PortalSession = {
        id,
        object: "billing_portal.session",
        configuration: "bpc_fake_default",
        created: state.now(),
        customer: customer.id,
        flow: null,
        livemode: false,
        locale: str(form, "locale") ?? null,
        on_behalf_of: null,
        return_url: str(form, "return_url") ?? null,
        url: `${state.baseUrl}/portal/${id}`,
      };
      state.portalSessions.set(id, session);
      return render(state, session, form);
    },
  },
];

function subscriptionsOf(state: FakeState, customer: string): Subscription[] {
  return [...state.subscriptions.values()].filter((s) => s.customer === customer && s.status !== "canceled");
}

function subscriptionBlock(state: FakeState, session: PortalSession, sub: Subscription): string {
  const item = sub.items.data[0];
  const name = item ? (state.products.get(item.price.product)?.name ?? item.price.product) : sub.id;
  const price = item ? formatPrice(item.price, item.quantity) : "";
  const when = sub.cancel_at
    ? `Ends on ${formatDate(sub.cancel_at)}`
    : `${sub.status === "trialing" ? "Trial ends" : "Renews"} on ${formatDate(periodEnd(sub))}`;
  const action = sub.cancel_at
    ? buttonForm(`/portal/${session.id}/renew/${sub.id}`, "Renew plan")
    : buttonForm(`/portal/${session.id}/cancel/${sub.id}`, "Cancel plan");
  return `<section aria-label="${escapeHtml(name)}">
<h2>${escapeHtml(name)}</h2>
<p>${escapeHtml(price)}</p>
<p>Status: ${escapeHtml(sub.status)}</p>
<p>${escapeHtml(when)}</p>
${action}
</section>`;
}

function portalPage(state: FakeState, session: PortalSession): string {
  const subs = subscriptionsOf(state, session.customer);
  const blocks =
    subs.length > 0
      ? subs.map((s) => subscriptionBlock(state, session, s)).join("\n")
      : "<p>No active plan.</p>";
  const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return</a></p>` : "";
  return htmlPage("Manage your plan", `${blocks}\n${back}`);
}

async function changeCancellation({ state, params, res }: PageContext, cancel: boolean): Promise<void> {
  const session = state.portalSessions.get(params[0] ?? "");
  const sub = state.subscriptions.get(params[1] ?? "");
  if (!session || !sub || sub.customer !== session.customer || sub.status === "canceled") {
    return sendHtml(res, 404, htmlPage("Not found", "<p>No such plan.</p>"));
  }
  if (sub.cancel_at_period_end !== cancel) {
    const previous = setCancelAtPeriodEnd(sub, cancel, state.now());
    await state.publish("customer.subscription.updated", sub, previous);
  }
  redirect(res, `/portal/${session.id}`);
}

export const portalPages: PageRoute[] = [
  {
    method: "GET",
    path: /^\/portal\/([^/]+)$/,
    handler: ({ state, params, res }) => {
      const session = state.portalSessions.get(params[0] ?? "");
      if (!session) return sendHtml(res, 404, htmlPage("Not found", "<p>No such portal session.</p>"));
      sendHtml(res, 200, portalPage(state, session));
    },
  },
  {
    method: "POST",
    path: /^\/portal\/([^/]+)\/cancel\/([^/]+)$/,
    handler: (ctx) => changeCancellation(ctx, true),
  },
  {
    method: "POST",
    path: /^\/portal\/([^/]+)\/renew\/([^/]+)$/,
    handler: (ctx) => changeCancellation(ctx, false),
  },
];
