import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "@kunto/core";

/**
 * Webhook deliveries go only to public addresses (SSRF, issue 20.4): the address a URL names or
 * resolves to must lie outside loopback, private, link-local, shared, documentation, multicast and
 * reserved ranges. It is checked when an endpoint is saved and again on every delivery, on the very
 * address the connection then uses (a name that resolves elsewhere later gains nothing). Tests run
 * their receivers on loopback: WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true turns the check off.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return !blocked.check(plain, family === 4 ? "ipv4" : "ipv6");
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

/**
 * When an endpoint is saved: a host that is, or resolves to, a non-public address answers 400
 * `webhook_url_private`. A name that does not resolve (yet) is accepted; its deliveries fail and say so.
 */
export async function checkWebhookHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  if (isIP(host)) {
    if (!isPublicAddress(host))
      throw new AppError("webhook_url_private", { fields: { url: "webhook_url_private" } });
    return;
  }
  const addresses = await resolveAll(host).catch(() => []);
  if (addresses.some((a) => !isPublicAddress(a.address)))
    throw new AppError("webhook_url_private", { fields: { url: "webhook_url_private" } });
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to an address that is not public`);
  }
}

/**
 * The `lookup` a delivery's connection uses: the host's addresses, refused when any is not public,
 * so the connection is made to an address that was checked.
 */
export function publicLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => !isPublicAddress(a.address)))
        return callback(new PrivateAddressError(hostname), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const [first] = list;
      if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
      return callback(null, first.address, first.family);
    });
  };
}

/** A URL whose host is an IP literal skips `lookup`: it is judged here instead. */
export function literalRefused(url: URL, allowPrivate: boolean): boolean {
  const host = hostOf(url);
  return !allowPrivate && isIP(host) !== 0 && !isPublicAddress(host);
}
