import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import type { Language } from "./api";
import { Shell, useFocusOnMount, useRetryWhile } from "./app";
import { activate, browserLanguage, linkLanguage } from "./i18n";

/**
 * The public task voting page (`/public/#/tasks/vote/{key}`, issue 9; the key is the organisation's
 * voting key, or its id before its first new link, issue 17.10, sent as `tenantId`): staff vote once per
 * task for what matters to them, and see what was done ("you said, we did"). A random token kept in
 * this browser (its own, not the survey page's, so votes and answers cannot be linked) is the only
 * thing identifying a vote; the server stores its SHA-256.
 */
interface VotingTask {
  id: string;
  name: string;
  description: string | null;
  categoryName: string | null;
  status: "DONE" | null;
  voteCount: number;
  voted: boolean;
}

const TOKEN_KEY = "kunto.voting.token";
const LANGUAGE_KEY = "kunto.voting.language";

function votingToken(): string {
  try {
    let token = localStorage.getItem(TOKEN_KEY);
    if (!token) {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem(TOKEN_KEY, token);
    }
    return token;
  } catch {
    return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, credentials: "omit", cache: "no-store" });
  const body = (await res.json().catch(() => null)) as (T & { error_key?: string }) | null;
  if (!res.ok || body === null) throw new Error(body?.error_key ?? "network");
  return body;
}

interface Message {
  kind: "saved" | "withdrawn" | "tooMany" | "failed";
  taskId: string;
  name: string;
}

type View =
  | { kind: "loading" }
  | { kind: "unknown" }
  | { kind: "failed" }
  | { kind: "ready"; tenantName: string; tasks: VotingTask[] };

export function VotingPage({ tenantId, query }: { tenantId: string; query: string }) {
  const [language, setLanguage] = useState<Language>(() => {
    const stored = (() => {
      try {
        return localStorage.getItem(LANGUAGE_KEY);
      } catch {
        return null;
      }
    })();
    return linkLanguage(query) ?? (stored as Language | null) ?? browserLanguage();
  });
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<View>({ kind: "loading" });
  const [token] = useState(votingToken);

  const load = useCallback(async () => {
    try {
      const data = await call<{ tenantName: string; tasks: VotingTask[] }>(
        `/api/shared/taskvoting/tasks?tenantId=${encodeURIComponent(tenantId)}&session=${token}&lang=${language}`,
      );
      setView({ kind: "ready", ...data });
    } catch (error) {
      setView({ kind: (error as Error).message === "not_found" ? "unknown" : "failed" });
    }
  }, [tenantId, token, language]);

  useEffect(() => {
    void activate(language).then(() => setReady(true));
    void load();
  }, [language, load]);
  // The tasks could not be loaded (offline or the server away): they load again by themselves.
  useRetryWhile(view.kind === "failed" ? view : null, load);

  const changeLanguage = (next: Language) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
    setLanguage(next);
  };

  if (!ready) return null;
  return (
    <Shell
      language={language}
      onLanguage={changeLanguage}
      organisation={view.kind === "ready" ? view.tenantName : undefined}
    >
      {view.kind === "loading" ? null : view.kind === "ready" ? (
        <Voting
          tenantId={tenantId}
          token={token}
          tenantName={view.tenantName}
          tasks={view.tasks}
          language={language}
          onGone={load}
        />
      ) : (
        <Problem kind={view.kind} onRetry={load} />
      )}
    </Shell>
  );
}

function Problem({ kind, onRetry }: { kind: "unknown" | "failed"; onRetry: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="card">
      <h1 ref={heading} tabIndex={-1}>
        {kind === "unknown" ? (
          <Trans>This voting link is not known</Trans>
        ) : (
          <Trans>The tasks could not be loaded</Trans>
        )}
      </h1>
      {kind === "unknown" ? (
        <p>
          <Trans>Check that the whole link was opened, or ask for a new one.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>Check your internet connection and try again.</Trans>
          </p>
          <div className="actions">
            <button type="button" className="button primary" onClick={onRetry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function Voting({
  tenantId,
  token,
  tenantName,
  tasks: initial,
  language,
  onGone,
}: {
  tenantId: string;
  token: string;
  tenantName: string;
  tasks: VotingTask[];
  language: Language;
  /** The link or the task is no longer there (a new voting link was made, the task deleted): load again. */
  onGone: () => void;
}) {
  const { t } = useLingui();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [tasks, setTasks] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  // What the status line says, kept as what happened (not as text) so it follows a language switch
  // (issue 19.5); the task's name is read from the list, which the switch loads again in the new language.
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => setTasks(initial), [initial]);

  const toggle = async (task: VotingTask) => {
    setBusy(task.id);
    setMessage(null);
    try {
      const result = task.voted
        ? await call<{ voteCount: number; voted: boolean }>(
            `/api/shared/taskvoting/bysession/${token}/${task.id}?tenantId=${encodeURIComponent(tenantId)}`,
            { method: "DELETE" },
          )
        : await call<{ voteCount: number; voted: boolean }>("/api/shared/taskvoting", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ tenantId, taskId: task.id, session: token }),
          });
      setTasks((all) =>
        all.map((x) => (x.id === task.id ? { ...x, voted: result.voted, voteCount: result.voteCount } : x)),
      );
      setMessage({ kind: result.voted ? "saved" : "withdrawn", taskId: task.id, name: task.name });
    } catch (error) {
      if ((error as Error).message === "not_found") {
        onGone();
        return;
      }
      setMessage({
        kind: (error as Error).message === "too_many_requests" ? "tooMany" : "failed",
        taskId: task.id,
        name: task.name,
      });
    } finally {
      setBusy(null);
    }
  };

  // A member expression, as before, so the message keeps its id ({0}) and its translations.
  const shown = { name: message ? (tasks.find((x) => x.id === message.taskId)?.name ?? message.name) : "" };
  const status =
    message === null
      ? ""
      : message.kind === "saved"
        ? t`Your vote for "${shown.name}" was saved.`
        : message.kind === "withdrawn"
          ? t`Your vote for "${shown.name}" was withdrawn.`
          : message.kind === "tooMany"
            ? t`Too many votes from this network. Please wait a moment and try again.`
            : t`The vote could not be saved. Check your internet connection and try again.`;
  const open = tasks.filter((x) => x.status !== "DONE");
  const done = tasks.filter((x) => x.status === "DONE");
  return (
    <>
      <section className="card" lang={language === "ee" ? "et" : language}>
        <h1 ref={heading} tabIndex={-1}>
          <Trans>Vote on improvements</Trans>
        </h1>
        <p className="team">{tenantName}</p>
        <p>
          <Trans>
            Vote for the tasks you find most important. You can vote once for each task, and your vote is
            anonymous.
          </Trans>
        </p>
      </section>
      <p className="note" role="status" aria-live="polite">
        {status}
      </p>
      <section aria-labelledby="open-tasks" className="voting-list">
        <h2 id="open-tasks">
          <Trans>Open tasks</Trans>
        </h2>
        {open.length === 0 ? (
          <p>
            <Trans>There are no open tasks right now.</Trans>
          </p>
        ) : (
          <ul>
            {open.map((task) => (
              <li key={task.id} className="card vote-task">
                <h3>{task.name}</h3>
                {task.categoryName ? <p className="category">{task.categoryName}</p> : null}
                {task.description ? <p className="content">{task.description}</p> : null}
                <div className="vote-row">
                  <span data-testid="public-vote-count">
                    <Plural value={task.voteCount} one="# vote" other="# votes" />
                  </span>
                  <button
                    type="button"
                    className={task.voted ? "button" : "button primary"}
                    aria-pressed={task.voted}
                    // Not `disabled` while the vote is on its way: a disabled button loses the
                    // keyboard focus, and the person their place on the page.
                    aria-disabled={busy === task.id || undefined}
                    onClick={() => {
                      if (busy !== task.id) toggle(task);
                    }}
                  >
                    {task.voted ? <Trans>Voted · withdraw</Trans> : <Trans>Vote</Trans>}
                    <span className="visually-hidden"> {task.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="done-tasks" className="voting-list">
        <h2 id="done-tasks">
          <Trans>You said, we did</Trans>
        </h2>
        {done.length === 0 ? (
          <p>
            <Trans>No task is done yet. Done tasks will be shown here.</Trans>
          </p>
        ) : (
          <ul>
            {done.map((task) => (
              <li key={task.id} className="card vote-task" data-testid="done-task">
                <h3>{task.name}</h3>
                <p className="done-badge">
                  <span aria-hidden="true">✓ </span>
                  <Trans>Done</Trans>
                </p>
                {task.description ? <p className="content">{task.description}</p> : null}
                <p>
                  <Plural value={task.voteCount} one="# vote" other="# votes" />
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
