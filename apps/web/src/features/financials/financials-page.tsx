import { type FinancialFetchStatus, isErrorKey, statementsShown } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Progress, Select, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { PageTitle } from "../../components/page-title";
import { errorKeyMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { useCurrentTenant } from "../../lib/use-me";
import { DunsEntry } from "./duns-entry";
import { FitnessMoneyChart } from "./fitness-money-chart";
import { KpiCards } from "./kpi-cards";

const UNDER_WAY: readonly FinancialFetchStatus[] = ["queued", "running"];
/** How often the screen asks how the fetch goes while it is under way. */
const POLL_MS = 2000;

/**
 * The financials screen (document 3 §2, §4 "Finance": no data → D-U-N-S saved → fetch → data).
 * The fetch runs as a background job and may take minutes: the screen shows its progress and polls.
 */
export function FinancialsPage({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const tenant = useCurrentTenant(tenantId);
  const paid = tenant !== null && tenant.plan !== "FREE";
  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Financials`}
        description={t`Key figures from your organisation's financial statements, with a grade colour for each.`}
      />
      {paid ? (
        <Financials canEdit={tenant?.permissions.has("financials.write") ?? false} />
      ) : (
        <Alert color="blue">
          <Trans>Financial figures are part of the PRO and TOTAL plans.</Trans>
        </Alert>
      )}
    </Stack>
  );
}

function Financials({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(
    trpc.financial.get.queryOptions(undefined, {
      refetchInterval: (query) =>
        query.state.data && UNDER_WAY.includes(query.state.data.fetch.status) ? POLL_MS : false,
    }),
  );
  const started = useRef(false);
  const [selected, setSelected] = useState<string | null>(null);

  const startFetch = async () => {
    // Errors are ignored (document 3 §7): the state shows what happened.
    await queryClient
      .fetchQuery({ ...trpc.financial.fetch.queryOptions(), staleTime: 0 })
      .catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: trpc.financial.get.queryKey() });
  };

  const data = overview.data;
  // A D-U-N-S number and nothing fetched yet: fetch once (document 3 §2).
  useEffect(() => {
    if (!data || started.current) return;
    if (data.configured && data.dunsNumber && data.statements.length === 0 && data.fetch.status === "idle") {
      started.current = true;
      void startFetch();
    }
  });

  if (overview.isPending) return <Text aria-live="polite">{t`Loading financial data`}</Text>;
  if (!data)
    return (
      <Alert color="red" role="alert">
        <Trans>Loading the financial data failed.</Trans>
      </Alert>
    );
  const underWay = UNDER_WAY.includes(data.fetch.status);
  const shown = statementsShown(data.statements, data.surveyYears);
  const current =
    shown.find((s) => s.financialStatementToDate === selected) ?? shown[shown.length - 1] ?? null;
  const index = current ? data.statements.indexOf(current) : -1;
  const previous = index > 0 ? (data.statements[index - 1] ?? null) : null;
  const duns = data.dunsNumber ?? "";

  return (
    <Stack gap="lg">
      {!data.configured ? (
        <Alert color="gray">
          <Trans>
            Financial data cannot be fetched on this server: no financial data provider is set up.
          </Trans>
        </Alert>
      ) : null}
      {data.configured && !data.dunsNumber && data.statements.length === 0 ? (
        <DunsEntry canEdit={canEdit} onSaved={() => void startFetch()} />
      ) : null}
      {underWay ? (
        <Card withBorder padding="lg" aria-live="polite">
          <Text size="sm" mb="xs">
            <Trans>
              Fetching the financial statements. This may take a few minutes; you can leave this page.
            </Trans>
          </Text>
          <Progress value={Math.max(data.fetch.progress, 5)} animated aria-label={t`Fetch progress`} />
        </Card>
      ) : null}
      {data.fetch.status === "failed" ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {data.fetch.errorKey && isErrorKey(data.fetch.errorKey)
                ? errorKeyMessage(data.fetch.errorKey)
                : t`Fetching the financial data failed. Please try again later.`}
            </Text>
            <Button size="xs" variant="white" color="dark" onClick={() => void startFetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {data.fetch.status === "done" && data.statements.length === 0 ? (
        <Alert color="yellow">
          <Trans>
            No financial data was found with the D-U-N-S number {duns}. Check the number in the account
            settings.
          </Trans>
        </Alert>
      ) : null}
      {current ? (
        <>
          <Select
            label={t`Financial statement`}
            data={shown.map((s) => ({
              value: s.financialStatementToDate,
              label: s.financialStatementToDate,
            }))}
            value={current.financialStatementToDate}
            onChange={setSelected}
            allowDeselect={false}
            maw={260}
          />
          <KpiCards current={current} previous={previous} />
        </>
      ) : null}
      <FitnessMoneyChart />
    </Stack>
  );
}
