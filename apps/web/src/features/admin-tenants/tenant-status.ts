import type { AppRouter } from "@kunto/api";
import { DEFAULT_LANGUAGE, formattingLocale, isLanguage } from "@kunto/core";
import { useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useCallback, useState } from "react";
import { useTRPC } from "../../lib/trpc";

export type AdminTenant = inferRouterOutputs<AppRouter>["admin"]["tenants"][number];

/** The dialogs a row of the account list opens (document 1 §2). */
export type TenantDialogKind = "users" | "edit" | "plan";

const endTime = (tenant: Pick<AdminTenant, "currentSubscriptionPeriodEnd">): number | null => {
  const end = tenant.currentSubscriptionPeriodEnd;
  if (!end) return null;
  const time = new Date(end).getTime();
  return Number.isNaN(time) ? null : time;
};

/**
 * The subscription end when it is still ahead, as DD.MM.YYYY (document 1 §2) with the digits
 * and calendar day of the active language's locale (`et` for `ee`).
 */
export function statusExpiresDate(tenant: AdminTenant, language: string, now = Date.now()): string | null {
  const end = endTime(tenant);
  if (end === null || end <= now) return null;
  const locale = formattingLocale(isLanguage(language) ? language : DEFAULT_LANGUAGE);
  const parts = new Intl.DateTimeFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(new Date(end));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}.${part("month")}.${part("year")}`;
}

/** Document 1 §4: the subscription can be changed when its end is missing or in the future. */
export function canChangeSubscription(tenant: AdminTenant, now = Date.now()): boolean {
  const end = endTime(tenant);
  return end === null || end > now;
}

/**
 * Reloads the account list, and the signed-in user, whose own accounts (names, plans, states)
 * may be among the changed ones.
 */
export function useRefreshTenants(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.tenants.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() }),
    ]);
  }, [queryClient, trpc]);
}

/**
 * The last non-null value, so a dialog keeps showing its account while it fades out after the
 * page has already cleared the choice.
 */
export function useLastTenant(tenant: AdminTenant | null): AdminTenant | null {
  const [last, setLast] = useState(tenant);
  if (tenant !== null && tenant !== last) setLast(tenant);
  return tenant ?? last;
}
