import { useLingui } from "@lingui/react/macro";
import { Box, type BoxProps } from "@mantine/core";
import { createContext, type ReactNode, useContext } from "react";

export const MAIN_ID = "main-content";
const InsideMain = createContext(false);

/**
 * The page's one `<main>`: the target of the skip link. Pages that can be shown both inside
 * and outside a layout (not found, errors) use it too; inside a layout's main it adds nothing.
 */
export function MainLandmark({ children, ...props }: BoxProps & { children: ReactNode }) {
  if (useContext(InsideMain)) return <>{children}</>;
  return (
    <InsideMain.Provider value>
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ outline: "none" }} {...props}>
        {children}
      </Box>
    </InsideMain.Provider>
  );
}

/** Marks content as already inside a layout's `<main id={MAIN_ID}>`. */
export function InsideMainLandmark({ children }: { children: ReactNode }) {
  return <InsideMain.Provider value>{children}</InsideMain.Provider>;
}

/** The first thing a keyboard reaches: jumps past the header and menus to the page itself. */
export function SkipLink() {
  const { t } = useLingui();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
      onClick={(event) => {
        // Focus without a hash in the address (the router would treat it as a navigation).
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t`Skip to content`}
    </a>
  );
}
