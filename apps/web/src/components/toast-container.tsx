import { TOAST_MS } from "@kunto/core";
import { Notifications } from "@mantine/notifications";

/** The toasts' container, in a chunk of its own that `Toasts` loads with the first toast. */
export default function ToastContainer() {
  return <Notifications position="top-right" autoClose={TOAST_MS} />;
}
