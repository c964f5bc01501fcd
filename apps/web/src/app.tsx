import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { type ReactNode, useMemo } from "react";
import { Toasts } from "./components/toasts";
import { queryClient, TRPCProvider, trpcClient } from "./lib/trpc";
import { router } from "./router";
import { createKuntoTheme, cssVariablesResolver } from "./theme";

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <Themed>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <RouterProvider router={router} />
          </TRPCProvider>
        </QueryClientProvider>
      </Themed>
    </I18nProvider>
  );
}

/** Mantine with the theme of the active language (the close buttons' names). */
function Themed({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const close = t`Close`;
  const theme = useMemo(() => createKuntoTheme({ close }), [close]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
