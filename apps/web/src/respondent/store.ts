import type { Language } from "./api";

/**
 * What the page keeps in this browser (localStorage), so a reload, a closed tab or a dropped
 * connection loses nothing: per link the submission id (made once, so resending stores once), the
 * answers and where the respondent was, until the server confirmed them; then only that it did.
 * One random browser token for every survey: the server keeps its hash to recognise a second
 * answer from this browser. Nothing here identifies the person.
 */
export interface Saved {
  submissionId: string;
  answers: Record<string, number>;
  /** -1 the welcome text, 0..n-1 a question, n the page that sends. */
  step: number;
  language: Language | null;
  sent: boolean;
  /** Sending was asked for and not yet confirmed: a reload (offline too) sends again by itself. */
  pending?: boolean;
  /** The server said this browser had answered already. */
  alreadyAnswered?: boolean;
}

const TOKEN_KEY = "kunto.respondent.browserToken";
const linkKey = (shareKey: string, team: string) => `kunto.respondent.${shareKey}/${team}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the page still works, without surviving a reload.
  }
}

/** A version 4 UUID (crypto.randomUUID exists only in secure contexts). */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function browserToken(): string {
  let token = read(TOKEN_KEY);
  if (!token) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    write(TOKEN_KEY, token);
  }
  return token;
}

export function loadSaved(shareKey: string, team: string): Saved {
  const raw = read(linkKey(shareKey, team));
  if (raw) {
    try {
      const saved = JSON.parse(raw) as Saved;
      if (typeof saved.submissionId === "string" && saved.answers && typeof saved.answers === "object")
        return saved;
    } catch {
      // A damaged entry starts over.
    }
  }
  return { submissionId: randomId(), answers: {}, step: -1, language: null, sent: false };
}

export function save(shareKey: string, team: string, saved: Saved): void {
  // Once confirmed, the answers themselves are no longer needed in the browser.
  const kept = saved.sent ? { ...saved, answers: {} } : saved;
  write(linkKey(shareKey, team), JSON.stringify(kept));
}
