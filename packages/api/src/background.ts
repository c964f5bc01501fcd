import type { Logger } from "./context";

const running = new Set<Promise<void>>();

/**
 * Work a call does after it has answered, so the answer's timing cannot tell what the work found
 * (issue 6.4: forgot-password). It starts on the next turn of the event loop; a failure is logged.
 */
export function afterAnswer(log: Logger, name: string, work: () => Promise<void>): void {
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error({ err: error, task: name }, "background work failed"))
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves when every piece of work started so far has finished (shutdown, tests). */
export async function backgroundWorkDone(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
