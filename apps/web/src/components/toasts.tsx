import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

// Its own module: a dynamic import of "@mantine/notifications" itself would stay in the entry
// chunk, which imports the same package for the store.
const ToastContainer = lazy(() => import("./toast-container"));

/**
 * Mantine's toasts, loaded with the first toast rather than with the app: the container and its
 * transitions are about 7 kB gzip that most first visits never need (issue 8's first-load budget).
 * `notifications.show` only writes to the store, so a toast raised before the container has
 * loaded shows as soon as it has; the container stays mounted from then on.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
