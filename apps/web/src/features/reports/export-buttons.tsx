import { isErrorKey } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { ERROR_MESSAGES } from "../../lib/api-error";

type Format = "pdf" | "csv" | "xlsx";

/**
 * Downloads of the report shown (issue 8 "Export"): the server renders the file from the same
 * selection, so it withholds what the screen withholds. Fetched with the account header like every
 * call, then saved.
 */
export function ExportButtons({
  tenantId,
  call,
}: {
  tenantId: string;
  call: { by: "surveys" | "shares"; keys: string };
}) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState<Format | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      const query = new URLSearchParams({ [call.by]: call.keys, lang: i18n.locale });
      const response = await fetch(`/api/tenant/reports/export/${format}?${query}`, {
        headers: { "x-tenant-id": tenantId },
        credentials: "same-origin",
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error_key?: string } | null;
        const key = isErrorKey(body?.error_key) ? body.error_key : "error_loading_reports";
        notifications.show({ color: "red", message: i18n._(ERROR_MESSAGES[key]) });
        return;
      }
      const disposition = response.headers.get("content-disposition") ?? "";
      const name = decodeURIComponent(
        /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? `report.${format}`,
      );
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notifications.show({ color: "red", message: t`Error loading reports` });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {(["pdf", "csv", "xlsx"] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          onClick={() => void download(format)}
        >
          {format === "pdf" ? (
            <Trans>PDF</Trans>
          ) : format === "csv" ? (
            <Trans>CSV</Trans>
          ) : (
            <Trans>Excel</Trans>
          )}
        </Button>
      ))}
    </Group>
  );
}
