/**
 * Pod IPs from a node's /24 podCIDR, handed out in order from .2 (.1 is the bridge), as
 * kind's host-local IPAM does: 10.244.1.2, 10.244.1.3, ... wrapping to the lowest free one.
 */
export class IpPool {
  private prefix: string;
  private next = 2;
  private used = new Set<number>();

  constructor(cidr: string) {
    const [addr] = cidr.split('/');
    this.prefix = (addr ?? '10.244.0.0').split('.').slice(0, 3).join('.') + '.';
  }

  allocate(): string {
    for (let i = 0; i < 253; i++) {
      const n = this.next;
      this.next = this.next >= 254 ? 2 : this.next + 1;
      if (!this.used.has(n)) {
        this.used.add(n);
        return this.prefix + n;
      }
    }
    // Full /24: real IPAM would fail the sandbox; share the last address rather than stall.
    return this.prefix + '254';
  }

  /** Marks an address as taken (Pods adopted with an IP already). */
  reserve(ip: string): void {
    if (ip.startsWith(this.prefix)) this.used.add(Number(ip.slice(this.prefix.length)));
  }

  release(ip: string): void {
    if (ip.startsWith(this.prefix)) this.used.delete(Number(ip.slice(this.prefix.length)));
  }
}
