import type { AnyRouter } from "@tanstack/react-router";

/** Set when the person moves to another page inside the app, until its heading takes focus. */
let headingFocusPending = false;

/**
 * After an in-app navigation focus goes to the new page's heading, so a screen reader announces
 * it and the keyboard starts from the top (on the first load a form's first field has it).
 */
export function trackNavigationFocus(router: AnyRouter): void {
  router.subscribe("onBeforeNavigate", (event) => {
    if (event.fromLocation && event.pathChanged) headingFocusPending = true;
  });
}

/** Takes the pending navigation focus, once; true when the caller should focus its heading. */
export function takeHeadingFocus(): boolean {
  const pending = headingFocusPending;
  headingFocusPending = false;
  return pending;
}
