/** The respondent page's two public REST calls (`/api/public/survey/...`), with plain fetch. */
import { keepAnswer } from "./offline";

export type Language = "en" | "fi" | "ee" | "ru" | "pl";

export interface Question {
  key: string;
  type: "GROUP" | "SLIDER" | "CHOICE_SINGLE";
  group: string | null;
  title: string;
  content: string | null;
  slider: { min: number; max: number; step: number; minLabel: string | null; maxLabel: string | null } | null;
  choices: { value: number; label: string }[] | null;
}

export interface Survey {
  state: "upcoming" | "running" | "ended" | "full";
  status: 0 | 100 | 200;
  type: "PERSONNEL" | "MANAGEMENT";
  startsAt: string;
  endsAt: string;
  language: Language;
  /** The organisation that asks (issue 19.3). */
  organisationName: string;
  teamName: string;
  welcome: string | null;
  autojump: boolean;
  questions: Question[];
}

/** An answer of the server that carries an error key, or no answer at all (`network`). */
export class CallError extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
  ) {
    super(key);
  }
}

const base = (shareKey: string, team: string) =>
  `/api/public/survey/${encodeURIComponent(shareKey)}/${encodeURIComponent(team)}`;

async function call<T>(url: string, init?: RequestInit, keep = false): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: "omit", cache: "no-store" });
  } catch {
    throw new CallError("network", 0);
  }
  if (keep && res.ok) keepAnswer(url, res.clone());
  const body = (await res.json().catch(() => null)) as (T & { error_key?: string }) | null;
  if (!res.ok) throw new CallError(body?.error_key ?? "network", res.status);
  if (body === null) throw new CallError("network", res.status);
  return body;
}

export const fetchSurvey = (shareKey: string, team: string, lang: Language) =>
  call<Survey>(`${base(shareKey, team)}?lang=${lang}`, undefined, true);

export const sendResponse = (
  shareKey: string,
  team: string,
  body: { submissionId: string; browserToken: string; language: Language; answers: Record<string, number> },
) =>
  call<{ stored: true; submittedOn: string }>(`${base(shareKey, team)}/response`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
