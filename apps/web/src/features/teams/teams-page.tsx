import { useLingui } from "@lingui/react/macro";
import { Stack } from "@mantine/core";
import { PageTitle } from "../../components/page-title";
import { useCurrentTenant } from "../../lib/use-me";
import { TeamsCard } from "./teams-card";

/** The teams screen (issue 19.6): the same teams card as in the settings, on its own page. */
export function TeamsPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const canEdit = useCurrentTenant(tenantId)?.permissions.has("survey.write") ?? false;
  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Teams`}
        description={t`The teams your surveys are shared with. Each team answers through its own link.`}
      />
      <TeamsCard tenantId={tenantId} canEdit={canEdit} />
    </Stack>
  );
}
