import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { literalRefused, PrivateAddressError, publicLookup } from "./address-guard";

/** What a delivery keeps of the receiver's answer. */
export const EXCERPT_MAX = 500;
/** A receiver answers within this or the attempt counts as failed (and is retried). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** More of the answer than this is never read. */
const READ_MAX = 16 * 1024;

export interface PostOutcome {
  /** The receiver's status code; null when no answer came (refused address, timeout, network). */
  status: number | null;
  /** The first characters of the answer, or what went wrong. */
  excerpt: string;
}

function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_MAX));
    response.on("data", (chunk: Buffer) => {
      if (size < READ_MAX) chunks.push(chunk);
      size += chunk.length;
      if (size >= READ_MAX) response.destroy();
    });
    response.on("end", done);
    response.on("close", done);
    response.on("error", done);
  });
}

/**
 * One POST of a delivery: to the URL as it is (redirects are not followed: a 3xx is an answer that is
 * not a success), connecting only to an address the SSRF guard accepted.
 */
export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostOutcome> {
  if (literalRefused(url, options.allowPrivate))
    return Promise.resolve({ status: null, excerpt: "Refused: the address is not public." });
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: publicLookup(options.allowPrivate),
        timeout: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        void readExcerpt(response).then((excerpt) =>
          resolve({ status: response.statusCode ?? null, excerpt }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("No answer within the time limit.")));
    req.on("error", (error) =>
      resolve({
        status: null,
        excerpt:
          error instanceof PrivateAddressError
            ? "Refused: the address is not public."
            : error.message.slice(0, EXCERPT_MAX),
      }),
    );
    req.end(body);
  });
}
