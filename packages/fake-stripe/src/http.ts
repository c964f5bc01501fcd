import type { IncomingMessage, ServerResponse } from "node:http";

export type ErrorType = "invalid_request_error" | "api_error" | "card_error" | "idempotency_error";

/** An error answered the way Stripe answers: `{error: {type, message, code?, param?}}` with a status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly extra: { code?: string; param?: string } = {},
  ) {
    super(message);
  }

  toJSON(): { error: Record<string, string> } {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

export function notFound(kind: string, id: string, param = "id"): StripeApiError {
  return new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, {
    code: "resource_missing",
    param,
  });
}

export function badRequest(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, "invalid_request_error", message, param ? { param } : {});
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "request-id": `req_fake${Date.now().toString(36)}`,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, "content-length": 0 });
  res.end();
}
