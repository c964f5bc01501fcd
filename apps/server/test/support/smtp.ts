import type { AddressInfo } from "node:net";
import type { SystemDb } from "@kunto/db";
import { deliverDueMails } from "@kunto/mail";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback. `mailTo` runs the outbox delivery (the worker's own function)
 * against it and answers the decoded text of the last mail the server received for an address.
 */
export async function startSmtp(system: SystemDb) {
  const received: Array<{ to: string; raw: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const config = {
    host: "127.0.0.1",
    port: (smtp.server.address() as AddressInfo).port,
    secure: false,
    from: "Kunto <no-reply@kunto.test>",
  };
  const log = { info: () => {}, warn: () => {} };
  return {
    received,
    /** The decoded subject and text of the last mail the server received for an address. */
    async lastMail(address: string): Promise<{ subject: string; text: string }> {
      while ((await deliverDueMails(system, config, log)) > 0);
      const mail = received.filter((m) => m.to === address).at(-1);
      if (!mail) throw new Error(`no mail to ${address}`);
      const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n");
      const subject = /^subject: (.*)$/im.exec(head)?.[1] ?? "";
      if (/content-transfer-encoding: base64/i.test(head))
        return { subject, text: Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8") };
      const qp = body.replace(/=\r?\n/g, "");
      const text = Buffer.from(
        qp.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
      return { subject, text };
    },
    async mailTo(address: string): Promise<string> {
      return (await this.lastMail(address)).text;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
