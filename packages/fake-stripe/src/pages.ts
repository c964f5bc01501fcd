// Tiny accessible HTML pages standing in for Stripe's hosted Checkout and customer portal.
import type { Price } from "./types";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}
button{font-size:1rem;padding:.5rem 1.5rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/** "€10.00 per month", "€27.00 every 3 months", "€5.00" (one-time). */
export function formatPrice(price: Price, quantity = 1): string {
  const amount = formatAmount(price.unit_amount * quantity, price.currency);
  const recurring = price.recurring;
  if (!recurring) return amount;
  return recurring.interval_count === 1
    ? `${amount} per ${recurring.interval}`
    : `${amount} every ${recurring.interval_count} ${recurring.interval}s`;
}

export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** A one-button form posting to `action` (the fake's pages use no script). */
export function buttonForm(action: string, label: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;
}
