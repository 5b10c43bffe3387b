/**
 * The API server's checks of a PodSpec's `dnsConfig` (validatePodDNSConfig): with dnsPolicy
 * None it must be there with at least one nameserver; nameservers are IP addresses, searches
 * DNS subdomains (a trailing dot allowed), every option has a name.
 */
import type { StatusCause } from '../../api/errors.ts';
import { isDNS1123Subdomain } from '../../api/names.ts';
import { invalidValue, required } from '../validation.ts';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const isIP = (s: string) => IPV4.test(s) || (/^[0-9a-fA-F:.]+$/.test(s) && s.includes(':'));

type DnsConfig = { nameservers?: unknown[]; searches?: unknown[]; options?: { name?: string }[] };

/** The causes for `dnsConfig` at `path` (`spec.dnsConfig`) under `dnsPolicy`. */
export function validatePodDnsConfig(dnsConfig: DnsConfig | undefined, dnsPolicy: string | undefined, path: string): StatusCause[] {
  if (dnsPolicy === 'None') {
    if (!dnsConfig) return [required(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (!dnsConfig.nameservers?.length) return [required(`${path}.nameservers`, 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!dnsConfig) return [];
  const causes: StatusCause[] = [];
  (dnsConfig.nameservers ?? []).forEach((ns, i) => {
    if (!isIP(String(ns))) causes.push(invalidValue(`${path}.nameservers[${i}]`, String(ns), 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  });
  (dnsConfig.searches ?? []).forEach((s, i) => {
    const search = String(s).replace(/\.$/, '');
    for (const m of isDNS1123Subdomain(search)) causes.push(invalidValue(`${path}.searches[${i}]`, search, m));
  });
  (dnsConfig.options ?? []).forEach((o, i) => {
    if (!o?.name) causes.push(required(`${path}.options[${i}]`, 'must not be empty'));
  });
  return causes;
}
