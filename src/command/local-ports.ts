/**
 * The ports a terminal's machine listens on at its loopback (and wildcard) addresses: what
 * `kubectl port-forward` opens and what the same machine's `curl localhost:PORT` connects to.
 * Each terminal has its own (the host creates one per terminal), so a forward opened in one
 * terminal is not reachable from another terminal's machine. It imports nothing: replies are
 * plain data shaped like the simulator's HTTP results.
 */

/** What a request to a local port got back: an HTTP reply, or a connection failure. */
export type LocalReply =
  { status: number; body: string; ip?: string } | { error: 'refused' | 'bad-address' | 'not-http' | 'timeout' | 'dns-timeout'; ip?: string };

/** Serves one request (`GET path` with User-Agent `agent`) that arrived on a listener. */
export type LocalHandler = (path: string, agent: string) => LocalReply;

/** An open listener; `close()` frees its port. */
export interface LocalListener {
  close(): void;
}

/** A terminal machine's listening sockets. */
export interface LocalPorts {
  /**
   * Listens on `port` at `address` (`127.0.0.1`, `::1`, `0.0.0.0`, `::`, another IP); undefined
   * when the port is already taken there (bind: address already in use).
   */
  listen(address: string, port: number, handler: LocalHandler): LocalListener | undefined;
  /** The handler a connection to `address:port` reaches (a wildcard listener counts), if any. */
  connect(address: string, port: number): LocalHandler | undefined;
  /** A free port from the kernel's ephemeral range (what binding port 0 gets). */
  ephemeralPort(): number;
}

const WILDCARD: Record<string, string> = { '0.0.0.0': 'v4', '::': 'v6' };
const family = (a: string) => (a.includes(':') ? 'v6' : 'v4');

/** Linux's default `net.ipv4.ip_local_port_range`. */
const EPHEMERAL_LOW = 32768;
const EPHEMERAL_HIGH = 60999;

/** A fresh, empty set of listeners. Ephemeral ports follow a fixed sequence, so runs repeat. */
export function createLocalPorts(): LocalPorts {
  const open = new Map<string, LocalHandler>();
  const key = (address: string, port: number) => `${address}|${port}`;
  const taken = (address: string, port: number) => {
    if (open.has(key(address, port))) return true;
    const wild = Object.keys(WILDCARD).find((w) => WILDCARD[w] === family(address));
    if (wild && open.has(key(wild, port))) return true;
    // A wildcard bind conflicts with any specific bind of its family on the same port.
    if (WILDCARD[address]) for (const k of open.keys()) if (k.endsWith(`|${port}`) && family(k.slice(0, k.lastIndexOf('|'))) === WILDCARD[address]) return true;
    return false;
  };
  let next = 40963;
  return {
    listen(address, port, handler) {
      if (taken(address, port)) return undefined;
      const k = key(address, port);
      open.set(k, handler);
      return { close: () => void (open.get(k) === handler && open.delete(k)) };
    },
    connect(address, port) {
      const wild = Object.keys(WILDCARD).find((w) => WILDCARD[w] === family(address));
      return open.get(key(address, port)) ?? (wild ? open.get(key(wild, port)) : undefined);
    },
    ephemeralPort() {
      for (;;) {
        // A full-period step through the range (29,232 ports; 7,919 is prime and shares no factor).
        next = EPHEMERAL_LOW + ((next - EPHEMERAL_LOW + 7919) % (EPHEMERAL_HIGH - EPHEMERAL_LOW + 1));
        if (![...open.keys()].some((k) => k.endsWith(`|${next}`))) return next;
      }
    },
  };
}
