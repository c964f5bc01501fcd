import { Trans, useLingui } from "@lingui/react/macro";
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { DAY_FORMAT, dayLocale } from "../lib/day-format";
import { CallError, fetchSurvey, type Language, type Question, type Survey, sendResponse } from "./api";
import { activate, browserLanguage, LANGUAGE_NAMES, LANGUAGES, linkLanguage, localeOf } from "./i18n";
import { browserToken, loadSaved, type Saved, save } from "./store";

/** `#/s/{shareKey}/{teamUrlSafeName}` with an optional `?lang=` inside the hash. */
function parseLink(hash: string): { shareKey: string; team: string; query: string } | null {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?");
  const match = /^\/s\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!match?.[1] || !match[2]) return null;
  try {
    return { shareKey: decodeURIComponent(match[1]), team: decodeURIComponent(match[2]), query };
  } catch {
    return null;
  }
}

type View =
  | { kind: "loading" }
  | { kind: "unknown" }
  | { kind: "loadFailed" }
  | { kind: "survey"; survey: Survey };

type Sending = "idle" | "sending" | "failed";

/**
 * `#/tasks/vote/{key}`: the public task voting page (issue 9), loaded only when asked for. The key is
 * the organisation's voting key, or its id before its first new link (issue 17.10): whatever the link
 * holds goes to the server as it is, which alone knows whether it opens a page.
 */
const VotingPage = lazy(() => import("./voting").then((m) => ({ default: m.VotingPage })));
function votingLinkOf(hash: string): { key: string; query: string } | null {
  const match = /^#\/tasks\/vote\/([^/?]+)\/?(?:\?(.*))?$/.exec(hash);
  if (!match?.[1]) return null;
  try {
    return { key: decodeURIComponent(match[1]), query: match[2] ?? "" };
  } catch {
    return null;
  }
}

export function RespondentPage() {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const onHash = () => setHash(location.hash);
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const link = useMemo(() => parseLink(hash), [hash]);
  const voting = votingLinkOf(hash);
  if (voting)
    return (
      <Suspense fallback={null}>
        <VotingPage tenantId={voting.key} query={voting.query} />
      </Suspense>
    );
  if (!link) return <UnknownLinkPage language={linkLanguage("") ?? browserLanguage()} />;
  return (
    <Respondent
      key={`${link.shareKey}/${link.team}`}
      shareKey={link.shareKey}
      team={link.team}
      query={link.query}
    />
  );
}

/** A link that is not a survey link at all: no call to make, the same page as an unknown one. */
function UnknownLinkPage({ language }: { language: Language }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void activate(language).then(() => setReady(true));
  }, [language]);
  if (!ready) return null;
  return (
    <Shell language={language} onLanguage={null}>
      <StatePage kind="unknown" />
    </Shell>
  );
}

function Respondent({ shareKey, team, query }: { shareKey: string; team: string; query: string }) {
  const [saved, setSavedState] = useState<Saved>(() => loadSaved(shareKey, team));
  const [language, setLanguage] = useState<Language>(
    () => saved.language ?? linkLanguage(query) ?? browserLanguage(),
  );
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<View>({ kind: "loading" });
  const [sending, setSending] = useState<Sending>("idle");

  const update = useCallback(
    (change: (current: Saved) => Saved) =>
      setSavedState((current) => {
        const next = change(current);
        save(shareKey, team, next);
        return next;
      }),
    [shareKey, team],
  );

  const load = useCallback(async () => {
    try {
      const survey = await fetchSurvey(shareKey, team, language);
      setView({ kind: "survey", survey });
    } catch (error) {
      setView(
        error instanceof CallError && error.status === 404 ? { kind: "unknown" } : { kind: "loadFailed" },
      );
    }
  }, [shareKey, team, language]);

  // Only a new language asks again; answers are kept while the texts change.
  useEffect(() => {
    let live = true;
    void Promise.all([activate(language), saved.sent || saved.alreadyAnswered ? null : load()]).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [language]);

  // Failed sends in a row that may pass later (no connection, the server busy or away).
  const retries = useRef(0);
  const send = useCallback(async () => {
    setSending("sending");
    update((s) => ({ ...s, pending: true }));
    try {
      await sendResponse(shareKey, team, {
        submissionId: saved.submissionId,
        browserToken: browserToken(),
        language,
        answers: saved.answers,
      });
      update((s) => ({ ...s, sent: true, pending: false }));
      setSending("idle");
      retries.current = 0;
    } catch (error) {
      const key = error instanceof CallError ? error.key : "network";
      const status = error instanceof CallError ? error.status : 0;
      if (key === "already_answered") {
        update((s) => ({ ...s, alreadyAnswered: true, pending: false }));
        setSending("idle");
      } else if (key === "survey_ended" || key === "survey_full" || key === "survey_not_started") {
        update((s) => ({ ...s, pending: false }));
        setSending("idle");
        await load();
      } else if (key === "survey_link_unknown") {
        update((s) => ({ ...s, pending: false }));
        setSending("idle");
        setView({ kind: "unknown" });
      } else {
        // A refusal that will not change (bad answers) waits for the respondent; the others retry.
        const lasting = status !== 0 && status !== 429 && status < 500;
        retries.current = lasting ? -1 : Math.max(0, retries.current);
        setSending("failed");
      }
    }
  }, [shareKey, team, language, saved.submissionId, saved.answers, update, load]);

  // After a failed send the answers wait in the browser and go again by themselves: when the
  // browser says it is back online, and on a timer that backs off (2 s, 4 s, ... a minute), since
  // that event does not always come (a connection back under a page that missed it, a server that
  // was away while the network was up).
  useEffect(() => {
    if (sending !== "failed") return;
    const retry = () => void send();
    window.addEventListener("online", retry);
    const delay = retries.current < 0 ? null : retryDelayMs(retries.current);
    if (delay !== null) retries.current += 1;
    const timer = delay === null ? undefined : window.setTimeout(retry, delay);
    return () => {
      window.removeEventListener("online", retry);
      window.clearTimeout(timer);
    };
  }, [sending, send]);

  // A send asked for before a reload (offline, or the tab closed on the way) goes again by itself
  // once the survey is back on screen, from the network or the offline copy (issue 19.4).
  // Only a send pending when the page loaded: a send asked for on this page is under way already
  // (sending it again from here made every first send two calls).
  const resend = useRef(saved.pending);
  const running = view.kind === "survey" && view.survey.state === "running";
  useEffect(() => {
    if (!ready || !running || !resend.current || saved.sent || saved.alreadyAnswered) return;
    resend.current = false;
    void send();
  }, [ready, running, saved.sent, saved.alreadyAnswered, send]);

  // The survey could not be loaded (offline or the server away, nothing kept): it loads again by itself.
  useRetryWhile(view.kind === "loadFailed" ? view : null, load);

  const chooseLanguage = (next: Language) => {
    update((s) => ({ ...s, language: next }));
    setLanguage(next);
  };

  if (!ready) return null;
  let content: ReactNode;
  if (saved.sent) content = <StatePage kind="done" />;
  else if (saved.alreadyAnswered) content = <StatePage kind="alreadyAnswered" />;
  else if (view.kind === "loading") content = null;
  else if (view.kind === "unknown") content = <StatePage kind="unknown" />;
  else if (view.kind === "loadFailed")
    content = (
      <StatePage kind="loadFailed">
        <button type="button" className="button primary" onClick={() => void load()}>
          <Trans>Try again</Trans>
        </button>
      </StatePage>
    );
  else if (view.survey.state !== "running")
    content = <StatePage kind={view.survey.state} startsAt={view.survey.startsAt} language={language} />;
  else
    content = (
      <SurveyFlow
        survey={view.survey}
        saved={saved}
        update={update}
        sending={sending}
        onSend={() => void send()}
      />
    );
  return (
    <Shell
      language={language}
      onLanguage={chooseLanguage}
      organisation={view.kind === "survey" ? view.survey.organisationName : undefined}
    >
      {content}
    </Shell>
  );
}

export function Shell({
  language,
  onLanguage,
  organisation,
  children,
}: {
  language: Language;
  onLanguage: ((language: Language) => void) | null;
  /** The organisation that asks (issue 19.3), once the page knows it. */
  organisation?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <header className="bar">
        <span className="brand-line">
          <span className="brand">Kunto</span>
          {organisation ? (
            <span className="organisation" data-testid="header-organisation">
              {organisation}
            </span>
          ) : null}
        </span>
        {onLanguage && (
          <span className="language">
            <label htmlFor={id}>
              <Trans>Language</Trans>
            </label>
            <select id={id} value={language} onChange={(event) => onLanguage(event.target.value as Language)}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={localeOf(code)}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </span>
        )}
      </header>
      <main className="page">{children}</main>
    </>
  );
}

type StateKind = "unknown" | "loadFailed" | "upcoming" | "ended" | "full" | "alreadyAnswered" | "done";

function StatePage({
  kind,
  startsAt,
  language,
  children,
}: {
  kind: StateKind;
  startsAt?: string;
  language?: Language;
  children?: ReactNode;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const when =
    startsAt && language
      ? // The first day, as every date in the product is written, in Helsinki time (DECISIONS.md).
        new Intl.DateTimeFormat(dayLocale(language), { ...DAY_FORMAT, timeZone: "Europe/Helsinki" }).format(
          new Date(startsAt),
        )
      : "";
  const texts: Record<StateKind, { title: ReactNode; body: ReactNode }> = {
    unknown: {
      title: <Trans>This survey link is not known</Trans>,
      body: (
        <Trans>
          Check that the whole link from your invitation was opened, or ask the sender for a new one.
        </Trans>
      ),
    },
    loadFailed: {
      title: <Trans>The survey could not be loaded</Trans>,
      body: <Trans>Check your internet connection and try again.</Trans>,
    },
    upcoming: {
      title: <Trans>This survey has not started yet</Trans>,
      body: <Trans>The survey opens on {when}. Come back then with the same link.</Trans>,
    },
    ended: {
      title: <Trans>This survey has ended</Trans>,
      body: <Trans>Answers are no longer collected. Thank you for your interest.</Trans>,
    },
    full: {
      title: <Trans>This survey cannot take more answers</Trans>,
      body: (
        <Trans>
          The survey has reached the number of answers its organisation's plan allows. Your answers were not
          saved; please tell the person who sent you the link.
        </Trans>
      ),
    },
    alreadyAnswered: {
      title: <Trans>You have already answered</Trans>,
      body: (
        <Trans>
          Answers from this browser to this survey have already been saved. Each person answers once.
        </Trans>
      ),
    },
    done: {
      title: <Trans>Thank you for answering!</Trans>,
      body: <Trans>Your answers have been saved. You can close this page.</Trans>,
    },
  };
  return (
    <section className="card" aria-labelledby="state-title">
      <h1 id="state-title" ref={heading} tabIndex={-1}>
        {texts[kind].title}
      </h1>
      <p>{texts[kind].body}</p>
      {children}
    </section>
  );
}

/** The wait before a retry by itself, after `attempt` earlier ones: 2 s, 4 s, ... at most a minute. */
const retryDelayMs = (attempt: number) => Math.min(60_000, 2_000 * 2 ** attempt);

/**
 * While `failure` is set (what failed), `retry` runs again by itself: when the browser says it is back
 * online, and on a timer that backs off as a failed send's does (2 s, 4 s, ... a minute), since a
 * server that comes back sends no event. Each new failure (a new object) sets the next timer; null
 * ends the back-off.
 */
export function useRetryWhile(failure: object | null, retry: () => void) {
  const attempts = useRef(0);
  useEffect(() => {
    if (!failure) {
      attempts.current = 0;
      return;
    }
    window.addEventListener("online", retry);
    const timer = window.setTimeout(retry, retryDelayMs(attempts.current));
    attempts.current += 1;
    return () => {
      window.removeEventListener("online", retry);
      window.clearTimeout(timer);
    };
  }, [failure, retry]);
}

/** Moves focus to a new page's heading so a screen reader announces where the respondent is. */
export function useFocusOnMount<T extends HTMLElement>(dependency?: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    // The first page of a visit keeps the browser's own start; later pages take the focus.
    if (first.current && document.activeElement === document.body && dependency === undefined) {
      first.current = false;
      return;
    }
    first.current = false;
    ref.current?.focus();
  }, [dependency]);
  return ref;
}

/** A pick by pointer moves on by itself this long after (when the template's `autojump` is on). */
const AUTOJUMP_MS = 300;
/**
 * A tap on Next this soon after a move by itself, on the question it moved to while that question is
 * still unanswered, was meant for the question just answered: it is not applied again (issue 19.1,
 * "pick, wait 0.7 s, tap Next" skipped the next question).
 */
const NEXT_GUARD_MS = 1200;

function SurveyFlow({
  survey,
  saved,
  update,
  sending,
  onSend,
}: {
  survey: Survey;
  saved: Saved;
  update: (change: (current: Saved) => Saved) => void;
  sending: Sending;
  onSend: () => void;
}) {
  const { t } = useLingui();
  const questions = useMemo(() => survey.questions.filter((q) => q.type !== "GROUP"), [survey.questions]);
  const groups = useMemo(
    () => new Map(survey.questions.filter((q) => q.type === "GROUP").map((q) => [q.key, q.title])),
    [survey.questions],
  );
  const total = questions.length;
  const hasWelcome = survey.welcome !== null && survey.welcome.trim() !== "";
  const clamp = (value: number) => Math.min(Math.max(value, hasWelcome ? -1 : 0), total);
  const step = clamp(saved.step);
  const heading = useFocusOnMount<HTMLHeadingElement>(step);
  // The move a pick by pointer started (its timer), and the last move made by itself.
  const pendingMove = useRef<number | undefined>(undefined);
  const lastAutoMove = useRef<{ to: number; at: number } | null>(null);
  // A question opened from the send page's list of unanswered ones returns there.
  const [fromReview, setFromReview] = useState(false);
  useEffect(() => () => window.clearTimeout(pendingMove.current), []);
  useEffect(() => {
    if (step === total) setFromReview(false);
  }, [step, total]);

  const cancelMove = () => {
    window.clearTimeout(pendingMove.current);
    pendingMove.current = undefined;
  };
  /** Moves from `from` to `to` only if the page is still at `from`: no move is ever applied twice. */
  const move = (from: number, to: number) => update((s) => (clamp(s.step) === from ? { ...s, step: to } : s));
  const go = (next: number) => {
    cancelMove();
    lastAutoMove.current = null;
    update((s) => ({ ...s, step: next }));
  };
  const after = (from: number) => (fromReview ? total : from + 1);
  const answer = (key: string, value: number) =>
    update((s) => ({ ...s, answers: { ...s.answers, [key]: value } }));
  const pick = (key: string, value: number, byPointer: boolean) => {
    answer(key, value);
    // Only a pick by pointer moves on: arrow keys browse the options (WCAG 3.2.2).
    if (!survey.autojump || !byPointer) return;
    cancelMove();
    const from = step;
    const to = after(step);
    pendingMove.current = window.setTimeout(() => {
      pendingMove.current = undefined;
      lastAutoMove.current = { to, at: Date.now() };
      move(from, to);
    }, AUTOJUMP_MS);
  };
  const answered = questions.filter((q) => saved.answers[q.key] !== undefined).length;
  const title = survey.type === "PERSONNEL" ? t`Personnel survey` : t`Management survey`;

  if (step === -1)
    return (
      <section className="card" aria-labelledby="welcome-title">
        <h1 id="welcome-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {survey.organisationName && (
          <p className="organisation-name" data-testid="start-organisation">
            {survey.organisationName}
          </p>
        )}
        <p className="team">{survey.teamName}</p>
        <div className="welcome">{survey.welcome}</div>
        <button type="button" className="button primary" onClick={() => go(0)}>
          <Trans>Start</Trans>
        </button>
      </section>
    );

  if (step === total) {
    const unanswered = questions
      .map((question, index) => ({ question, index }))
      .filter(({ question }) => saved.answers[question.key] === undefined);
    return (
      <section className="card" aria-labelledby="send-title">
        <h1 id="send-title" ref={heading} tabIndex={-1}>
          <Trans>Send your answers</Trans>
        </h1>
        <Progress value={total} total={total} />
        <p>
          <Trans>
            You answered {answered} of {total} questions. Your answers are anonymous and cannot be changed
            after sending.
          </Trans>
        </p>
        {unanswered.length > 0 && (
          <section className="unanswered" aria-labelledby="unanswered-title">
            <h2 id="unanswered-title" className="group">
              <Trans>Questions not answered</Trans>
            </h2>
            <p className="note">
              <Trans>You may leave a question unanswered. To answer one, open it here.</Trans>
            </p>
            <ul>
              {unanswered.map(({ question, index }) => (
                <li key={question.key}>
                  <button
                    type="button"
                    className="link"
                    onClick={() => {
                      if (sending === "sending") return;
                      setFromReview(true);
                      go(index);
                    }}
                  >
                    <span className="number">{index + 1}.</span> {question.title}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {answered === 0 && (
          <p className="note">
            <Trans>Answer at least one question before sending.</Trans>
          </p>
        )}
        {sending === "failed" && (
          <div className="alert" role="alert">
            <Trans>
              Your answers could not be sent. They are kept on this device, so nothing is lost: try again, or
              they are sent by themselves when the connection returns.
            </Trans>
          </div>
        )}
        <div className="actions">
          <button
            type="button"
            className="button"
            // aria-disabled, not disabled, while sending: a disabled button drops the keyboard focus.
            onClick={() => {
              if (sending !== "sending") go(total - 1);
            }}
            aria-disabled={sending === "sending" || undefined}
          >
            <Trans>Back</Trans>
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => {
              if (sending !== "sending") onSend();
            }}
            disabled={answered === 0}
            aria-disabled={sending === "sending" || undefined}
          >
            {sending === "sending" ? (
              <Trans>Sending…</Trans>
            ) : sending === "failed" ? (
              <Trans>Try again</Trans>
            ) : (
              <Trans>Send answers</Trans>
            )}
          </button>
        </div>
      </section>
    );
  }

  const question = questions[step] as Question;
  const group = question.group ? groups.get(question.group) : undefined;
  const value = saved.answers[question.key];
  const next = () => {
    if (pendingMove.current !== undefined) {
      // The pick's own move, made now instead of by itself: once.
      cancelMove();
      lastAutoMove.current = { to: after(step), at: Date.now() };
      move(step, after(step));
      return;
    }
    const last = lastAutoMove.current;
    if (last && last.to === step && Date.now() - last.at < NEXT_GUARD_MS && value === undefined) return;
    lastAutoMove.current = null;
    move(step, after(step));
  };
  const slider = question.slider;
  const asScale = slider !== null && scaleValues(slider).length <= 11;
  return (
    <section className="card" aria-labelledby="survey-title">
      <h1 id="survey-title" className="survey-title">
        {title}
      </h1>
      <Progress value={step + 1} total={total} />
      {group && (
        <h2 className="group" ref={heading} tabIndex={-1}>
          {group}
        </h2>
      )}
      {question.type === "SLIDER" && asScale ? (
        <ScaleQuestion
          key={question.key}
          question={question}
          value={value}
          onAnswer={(picked, byPointer) => pick(question.key, picked, byPointer)}
          focusRef={group ? null : heading}
        />
      ) : question.type === "SLIDER" ? (
        <SliderQuestion
          key={question.key}
          question={question}
          value={value}
          onAnswer={(picked) => answer(question.key, picked)}
          focusRef={group ? null : heading}
        />
      ) : (
        <ChoiceQuestion
          key={question.key}
          question={question}
          value={value}
          onAnswer={(picked, byPointer) => pick(question.key, picked, byPointer)}
          focusRef={group ? null : heading}
        />
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => go(step - 1)}
          disabled={step === 0 && !hasWelcome}
        >
          <Trans>Back</Trans>
        </button>
        <button type="button" className="button primary" onClick={next}>
          {step === total - 1 || fromReview ? <Trans>Review and send</Trans> : <Trans>Next</Trans>}
        </button>
      </div>
    </section>
  );
}

/** The values of a slider's scale, from its minimum to its maximum by its step. */
function scaleValues(slider: NonNullable<Question["slider"]>): number[] {
  const values: number[] = [];
  if (slider.step <= 0) return [slider.min];
  for (let i = 0; slider.min + i * slider.step <= slider.max + 1e-9 && i <= 1000; i++)
    values.push(Math.round((slider.min + i * slider.step) * 1e6) / 1e6);
  return values;
}

function Progress({ value, total }: { value: number; total: number }) {
  const { t } = useLingui();
  const label = t`Question ${value} of ${total}`;
  return (
    <div className="progress">
      <span aria-hidden="true">{label}</span>
      <progress max={total} value={value} aria-label={label} />
    </div>
  );
}

/**
 * A slider of at most 11 values (the 0–10 scale) as a row of labelled options, one tap each
 * (issue 19.2): nothing is chosen until the respondent picks, every value is written on the scale,
 * and it is a radio group for the keyboard (arrow keys) and screen readers (each value read out,
 * the end labels with the end values).
 */
function ScaleQuestion({
  question,
  value,
  onAnswer,
  focusRef,
}: {
  question: Question;
  value: number | undefined;
  onAnswer: (value: number, byPointer: boolean) => void;
  focusRef: React.RefObject<HTMLHeadingElement | null> | null;
}) {
  const id = useId();
  const slider = question.slider as NonNullable<Question["slider"]>;
  const values = scaleValues(slider);
  const ends = slider.minLabel || slider.maxLabel;
  return (
    <div className="question">
      <h3 id={`${id}-title`} className="question-title" ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
        {question.title}
      </h3>
      {question.content && (
        <p id={`${id}-content`} className="content">
          {question.content}
        </p>
      )}
      <div
        role="radiogroup"
        className="scale"
        style={{ gridTemplateColumns: `repeat(${values.length}, minmax(0, 1fr))` }}
        aria-labelledby={`${id}-title`}
        aria-describedby={question.content ? `${id}-content` : undefined}
      >
        {values.map((option) => (
          <label key={option} className="scale-option">
            <input
              type="radio"
              name={id}
              value={option}
              checked={value === option}
              onChange={() => {}}
              onClick={(event) => onAnswer(option, event.detail > 0)}
            />
            <span>{option}</span>
            {option === slider.min && slider.minLabel ? (
              <span className="visually-hidden">, {slider.minLabel}</span>
            ) : option === slider.max && slider.maxLabel ? (
              <span className="visually-hidden">, {slider.maxLabel}</span>
            ) : null}
          </label>
        ))}
      </div>
      {ends && (
        // Read out with the end values themselves.
        <div className="ends" aria-hidden="true">
          <span>{slider.minLabel}</span>
          <span>{slider.maxLabel}</span>
        </div>
      )}
    </div>
  );
}

/** A slider of more than 11 values: a range input, with no thumb until it is first touched. */
function SliderQuestion({
  question,
  value,
  onAnswer,
  focusRef,
}: {
  question: Question;
  value: number | undefined;
  onAnswer: (value: number) => void;
  focusRef: React.RefObject<HTMLHeadingElement | null> | null;
}) {
  const { t } = useLingui();
  const id = useId();
  const slider = question.slider as NonNullable<Question["slider"]>;
  const middle = slider.min + Math.round((slider.max - slider.min) / slider.step / 2) * slider.step;
  const shown = value ?? middle;
  const ends = [slider.minLabel, slider.maxLabel].filter(Boolean).join(" – ");
  const valueText =
    value === undefined
      ? t`Not answered`
      : value === slider.min && slider.minLabel
        ? `${value}, ${slider.minLabel}`
        : value === slider.max && slider.maxLabel
          ? `${value}, ${slider.maxLabel}`
          : String(value);
  // A tap on the value the slider already shows fires no change: count it as an answer too.
  const confirm = (event: { currentTarget: HTMLInputElement }) => onAnswer(Number(event.currentTarget.value));
  return (
    <div className="question">
      <h3 id={`${id}-title`} className="question-title" ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
        <label htmlFor={id}>{question.title}</label>
      </h3>
      {question.content && (
        <p id={`${id}-content`} className="content">
          {question.content}
        </p>
      )}
      <output htmlFor={id} className={value === undefined ? "value unanswered" : "value"} aria-hidden="true">
        {value === undefined ? t`Not answered` : value}
      </output>
      <input
        id={id}
        type="range"
        className={value === undefined ? "unanswered" : undefined}
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={shown}
        aria-valuetext={valueText}
        aria-describedby={
          [question.content ? `${id}-content` : "", ends ? `${id}-ends` : ""].filter(Boolean).join(" ") ||
          undefined
        }
        onChange={confirm}
        onPointerUp={confirm}
        onKeyUp={(event) => {
          if (/^(Arrow|Home|End|Page)/.test(event.key)) confirm(event);
        }}
      />
      {ends && (
        <div id={`${id}-ends`} className="ends">
          <span>{slider.minLabel}</span>
          <span>{slider.maxLabel}</span>
        </div>
      )}
    </div>
  );
}

function ChoiceQuestion({
  question,
  value,
  onAnswer,
  focusRef,
}: {
  question: Question;
  value: number | undefined;
  onAnswer: (value: number, byPointer: boolean) => void;
  focusRef: React.RefObject<HTMLHeadingElement | null> | null;
}) {
  const id = useId();
  return (
    <fieldset className="question" aria-describedby={question.content ? `${id}-content` : undefined}>
      <legend>
        <h3 className="question-title" ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
          {question.title}
        </h3>
      </legend>
      {question.content && (
        <p id={`${id}-content`} className="content">
          {question.content}
        </p>
      )}
      <div className="choices">
        {(question.choices ?? []).map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => {}}
              onClick={(event) => onAnswer(choice.value, event.detail > 0)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
