import type { Logger } from "./context";

const running = new Set<Promise<void>>();

/**
 * Work a call does after it has answered, so the answer's timing cannot tell what the work found
 * (issue 6.4, 17.7: forgot-password). It starts once the answer has left the server when the
 * request says when that is (`Context.whenAnswered`: the HTTP response finished), else on the next
 * turn of the event loop; a failure is logged.
 */
export function afterAnswer(
  log: Logger,
  name: string,
  work: () => Promise<void>,
  whenAnswered: (run: () => void) => void = setImmediate,
): void {
  const task = new Promise<void>((resolve) => whenAnswered(() => resolve()))
    .then(work)
    .catch((error: unknown) => log.error({ err: error, task: name }, "background work failed"))
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves when every piece of work started so far has finished (shutdown, tests). */
export async function backgroundWorkDone(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
