// Writes public/terms.pdf and public/privacy.pdf: small, valid PDF 1.4 files (one A4 page,
// Helvetica, ASCII text). Run again after editing the texts: node scripts/make-legal-pdfs.mjs
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const DATE = "2025-02-11";

const documents = {
  "terms.pdf": {
    title: "Kunto - Terms of Service",
    paragraphs: [
      "Kunto is a web service for organisational surveys, reports and improvement tasks.",
      "1. Accounts. A signed-in user may create an account for an organisation and becomes its administrator. Administrators decide who is added to the account and which surveys are run, and are responsible for having the right to invite the people they invite.",
      "2. Use. Use the service only for surveying and developing your own organisation. Do not try to access other organisations' data or disturb the service.",
      "3. Plans. The FREE plan has the limits shown in the service. Paid plans (PRO and TOTAL) are billed as agreed at purchase and can be cancelled as described in the billing view.",
      "4. Availability. We work to keep the service available and secure, but we do not promise uninterrupted operation. We announce significant changes in the service.",
      "5. Survey answers. Respondents answer anonymously. Reports hide results that have too few answers to protect anonymity.",
      "6. This is a short summary. A signed customer agreement takes precedence over these terms.",
    ],
  },
  "privacy.pdf": {
    title: "Kunto - Privacy Policy",
    paragraphs: [
      "This policy explains what personal data the Kunto service stores and why.",
      "Users: e-mail address or username, first and last name, phone number (optional), interface language, profile picture (optional), a hash of the password (never the password itself) and sign-in sessions.",
      "Accounts: the organisation's name, address and registration details, and the roles of its users.",
      "Survey respondents: no IP address, browser identification or identifying cookie is stored. An answer is stored with the day it was submitted, not the time.",
      "Purpose: to provide the service, to sign users in securely, and to send the e-mails a user needs or has switched on (confirmation, password reset, notifications).",
      "Sharing: personal data is not sold. It is processed only by the providers needed to host the service and deliver e-mail.",
      "Your rights: you can see and correct your profile in the service. To have your data removed, contact your account's administrator or the service provider.",
    ],
  },
};

function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const escapePdfText = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`);

function pdf({ title, paragraphs }) {
  const ops = [
    "BT",
    "/F2 18 Tf",
    "56 780 Td",
    `(${escapePdfText(title)}) Tj`,
    "/F1 10 Tf",
    "0 -22 Td",
    `(Date: ${DATE}) Tj`,
  ];
  ops.push("/F1 11 Tf", "14 TL", "0 -14 Td");
  for (const paragraph of paragraphs) {
    ops.push("T*");
    for (const line of wrap(paragraph, 88)) ops.push(`(${escapePdfText(line)}) Tj`, "T*");
  }
  ops.push("ET");
  const stream = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${escapePdfText(title)}) /Producer (Kunto) /CreationDate (D:${DATE.replaceAll("-", "")}000000Z) >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const publicDir = join(import.meta.dirname, "..", "public");
for (const [file, document] of Object.entries(documents)) {
  writeFileSync(join(publicDir, file), pdf(document));
  console.log(`wrote public/${file}`);
}
