import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/**
 * The internal hosts and networks an operator lets webhooks reach (WEBHOOK_ALLOWED_HOSTS),
 * read from configuration only, never from an account (DECISIONS, "Files").
 */
export interface WebhookAllowList {
  /** Host names, lower case; "*.corp.example" stands for every name under corp.example. */
  hosts: string[];
  /** Networks in CIDR form, as given ("10.20.0.0/16", "fd00::/8"; a lone address is /32 or /128). */
  networks: string[];
}

export const EMPTY_ALLOW_LIST: WebhookAllowList = { hosts: [], networks: [] };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function isHostName(value: string): boolean {
  const name = value.startsWith('*.') ? value.slice(2) : value;
  return name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/** One entry read: the list it joins, or why it cannot be used. */
function readEntry(entry: string): { kind: 'host' | 'network'; value: string } | { error: string } {
  const slash = entry.indexOf('/');
  if (entry.includes('://')) return { error: `"${entry}" is an address, not a host: list host names or networks, e.g. hooks.corp.example or 10.20.0.0/16` };
  if (slash >= 0) {
    const address = entry.slice(0, slash);
    const prefixText = entry.slice(slash + 1);
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    if (!family || !/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) {
      return { error: `"${entry}" is not a network: write an address and a prefix length, e.g. 10.20.0.0/16 or fd00:1234::/48` };
    }
    if (Number(prefixText) === 0) return { error: `"${entry}" would let webhooks reach every address: list only the internal networks you mean` };
    return { kind: 'network', value: `${address}/${prefixText}` };
  }
  const bare = entry.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family) return { kind: 'network', value: `${bare}/${family === 6 ? 128 : 32}` };
  const name = entry.toLowerCase().replace(/\.$/, '');
  if (isHostName(name)) return { kind: 'host', value: name };
  return { error: `"${entry}" is not a host name, an IP address or a network (e.g. hooks.corp.example, *.corp.example, 192.168.10.5, 10.20.0.0/16)` };
}

/** The environment variable's schema: a comma-separated list, each entry checked at start. */
export const webhookAllowedHostsEnv = z
  .string()
  .transform((list, ctx): WebhookAllowList => {
    const allowed: WebhookAllowList = { hosts: [], networks: [] };
    for (const entry of list.split(',').map((v) => v.trim()).filter(Boolean)) {
      const read = readEntry(entry);
      if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error });
      else if (read.kind === 'host') allowed.hosts.push(read.value);
      else allowed.networks.push(read.value);
    }
    return allowed;
  });

/** Answers, for a host name and for an address, whether the operator let webhooks call it. */
export interface AllowCheck {
  host(name: string): boolean;
  address(address: string): boolean;
  /** Whether anything at all is allowed (otherwise the default rules apply unchanged). */
  any: boolean;
}

export function allowCheck(list: WebhookAllowList = EMPTY_ALLOW_LIST): AllowCheck {
  const blocks = new BlockList();
  for (const network of list.networks) {
    const [address, prefix] = network.split('/') as [string, string];
    blocks.addSubnet(address, Number(prefix), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  const hosts = list.hosts.map((h) => h.toLowerCase());
  return {
    any: hosts.length > 0 || list.networks.length > 0,
    host(name) {
      const n = name.toLowerCase().replace(/\.$/, '');
      return hosts.some((h) => (h.startsWith('*.') ? n.endsWith(h.slice(1)) && n.length > h.length - 1 : n === h));
    },
    address(address) {
      const family = isIP(address);
      if (!family) return false;
      return blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
