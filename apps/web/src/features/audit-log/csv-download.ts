import { isErrorKey } from "@kunto/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { notifications } from "@mantine/notifications";
import { ERROR_MESSAGES } from "../../lib/api-error";

/**
 * Fetches a file the server writes (with the account header where the call needs one) and saves it
 * under the name the server gives; a refusal is announced with its error key's message.
 */
export async function downloadFile(path: string, headers: Record<string, string>, fallbackName: string) {
  try {
    const response = await fetch(path, { headers, credentials: "same-origin" });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error_key?: string } | null;
      const key = isErrorKey(body?.error_key) ? body.error_key : "internal_error";
      notifications.show({ color: "red", message: i18n._(ERROR_MESSAGES[key]) });
      return;
    }
    const disposition = response.headers.get("content-disposition") ?? "";
    const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? fallbackName);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    notifications.show({ color: "red", message: i18n._(msg`The download failed. Please try again.`) });
  }
}
