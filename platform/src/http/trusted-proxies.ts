/**
 * TRUST_PROXY as Fastify's `trustProxy`: the proxies whose X-Forwarded-For is believed. Addresses, CIDR
 * ranges and proxy-addr's names (loopback, linklocal, uniquelocal) are used as they are; a host name (compose's
 * `gateway`) is looked up in DNS, at start and again while the process runs (every second until it resolves,
 * then every 10 s), so a service trusts the gateway's container whatever address it has, including one it
 * gets after the service started or after a restart. Anything else that sends X-Forwarded-For is not
 * believed: the client address is then the socket's.
 */
import { lookup } from "node:dns/promises";
import proxyAddr from "@fastify/proxy-addr";

const ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;
/** an address, a CIDR range or one of proxy-addr's names (otherwise a host name to look up) */
export const isProxyAddress = (entry: string): boolean => ADDRESS.test(entry);

const RESOLVED_EVERY_MS = 10_000;
const UNRESOLVED_EVERY_MS = 1000;

export type Trust = false | string[] | ((address: string, hop: number) => boolean);

export interface TrustedProxies {
  trust: Trust;
  /** stops looking names up again */
  close(): void;
}

export async function trustedProxies(entries: readonly string[]): Promise<TrustedProxies> {
  if (entries.length === 0) return { trust: false, close() {} };
  const names = entries.filter((e) => !isProxyAddress(e));
  if (names.length === 0) return { trust: [...entries], close() {} };
  const fixed = entries.filter(isProxyAddress);
  let known = "";
  let trust = proxyAddr.compile(fixed);
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const refresh = async () => {
    const found = await Promise.all(
      names.map((name) =>
        lookup(name, { all: true }).then(
          (answers) => answers.map((a) => a.address),
          () => [] as string[],
        ),
      ),
    );
    const addresses = [...new Set(found.flat())].sort();
    const key = addresses.join(",");
    if (key !== known) {
      known = key;
      trust = proxyAddr.compile([...fixed, ...addresses]);
    }
    if (!closed) {
      timer = setTimeout(() => void refresh(), addresses.length > 0 ? RESOLVED_EVERY_MS : UNRESOLVED_EVERY_MS);
      timer.unref();
    }
  };
  await refresh();
  return {
    trust: (address, hop) => trust(address, hop),
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
