import "server-only";

/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries
 * (iana.org/assignments/iana-ipv4-special-registry, iana-ipv6-special-registry),
 * every entry with its "Globally Reachable" column, plus the multicast and
 * deprecated blocks outside them. `embedded` marks the IPv6 blocks that carry
 * an IPv4 address, which is judged instead (address-policy.ts). The most
 * specific entry wins (192.0.0.9/32 is reachable inside 192.0.0.0/24).
 */
export type SpecialPurposeEntry = { cidr: string; name: string; global: boolean; embedded?: "last-32" | "6to4" | "teredo" };

export const IPV4_SPECIAL: readonly SpecialPurposeEntry[] = [
  { cidr: "0.0.0.0/8", name: "This network", global: false },
  { cidr: "0.0.0.0/32", name: "This host on this network", global: false },
  { cidr: "10.0.0.0/8", name: "Private-Use", global: false },
  { cidr: "100.64.0.0/10", name: "Shared Address Space", global: false },
  { cidr: "127.0.0.0/8", name: "Loopback", global: false },
  { cidr: "169.254.0.0/16", name: "Link Local", global: false },
  { cidr: "172.16.0.0/12", name: "Private-Use", global: false },
  { cidr: "192.0.0.0/24", name: "IETF Protocol Assignments", global: false },
  { cidr: "192.0.0.0/29", name: "IPv4 Service Continuity Prefix", global: false },
  { cidr: "192.0.0.8/32", name: "IPv4 dummy address", global: false },
  { cidr: "192.0.0.9/32", name: "Port Control Protocol Anycast", global: true },
  { cidr: "192.0.0.10/32", name: "Traversal Using Relays around NAT Anycast", global: true },
  { cidr: "192.0.0.170/32", name: "NAT64/DNS64 Discovery", global: false },
  { cidr: "192.0.0.171/32", name: "NAT64/DNS64 Discovery", global: false },
  { cidr: "192.0.2.0/24", name: "Documentation (TEST-NET-1)", global: false },
  { cidr: "192.31.196.0/24", name: "AS112-v4", global: true },
  { cidr: "192.52.193.0/24", name: "AMT", global: true },
  { cidr: "192.88.99.0/24", name: "Deprecated (6to4 Relay Anycast)", global: false },
  { cidr: "192.88.99.2/32", name: "6a44-relay anycast address", global: false },
  { cidr: "192.168.0.0/16", name: "Private-Use", global: false },
  { cidr: "192.175.48.0/24", name: "Direct Delegation AS112 Service", global: true },
  { cidr: "198.18.0.0/15", name: "Benchmarking", global: false },
  { cidr: "198.51.100.0/24", name: "Documentation (TEST-NET-2)", global: false },
  { cidr: "203.0.113.0/24", name: "Documentation (TEST-NET-3)", global: false },
  { cidr: "240.0.0.0/4", name: "Reserved", global: false },
  { cidr: "255.255.255.255/32", name: "Limited Broadcast", global: false },
  // Not in the special-purpose registry (it has its own): multicast is never a webhook receiver.
  { cidr: "224.0.0.0/4", name: "Multicast", global: false },
];

export const IPV6_SPECIAL: readonly SpecialPurposeEntry[] = [
  { cidr: "::1/128", name: "Loopback Address", global: false },
  { cidr: "::/128", name: "Unspecified Address", global: false },
  { cidr: "::ffff:0:0/96", name: "IPv4-mapped Address", global: false, embedded: "last-32" },
  { cidr: "64:ff9b::/96", name: "IPv4-IPv6 Translat.", global: true, embedded: "last-32" },
  // Local-use NAT64 translates inside one network: refused whatever IPv4 it carries.
  { cidr: "64:ff9b:1::/48", name: "IPv4-IPv6 Translat. (local-use)", global: false },
  { cidr: "100::/64", name: "Discard-Only Address Block", global: false },
  { cidr: "100:0:0:1::/64", name: "Dummy IPv6 Prefix", global: false },
  { cidr: "2001::/23", name: "IETF Protocol Assignments", global: false },
  { cidr: "2001::/32", name: "TEREDO", global: false, embedded: "teredo" },
  { cidr: "2001:1::1/128", name: "Port Control Protocol Anycast", global: true },
  { cidr: "2001:1::2/128", name: "Traversal Using Relays around NAT Anycast", global: true },
  { cidr: "2001:1::3/128", name: "DNS-SD Service Registration Protocol Anycast", global: true },
  { cidr: "2001:2::/48", name: "Benchmarking", global: false },
  { cidr: "2001:3::/32", name: "AMT", global: true },
  { cidr: "2001:4:112::/48", name: "AS112-v6", global: true },
  { cidr: "2001:10::/28", name: "Deprecated (previously ORCHID)", global: false },
  { cidr: "2001:20::/28", name: "ORCHIDv2", global: true },
  { cidr: "2001:30::/28", name: "Drone Remote ID Protocol Entity Tags (DETs) Prefix", global: true },
  { cidr: "2001:db8::/32", name: "Documentation", global: false },
  { cidr: "2002::/16", name: "6to4", global: false, embedded: "6to4" },
  { cidr: "2620:4f:8000::/48", name: "Direct Delegation AS112 Service", global: true },
  { cidr: "3fff::/20", name: "Documentation", global: false },
  { cidr: "5f00::/16", name: "Segment Routing (SRv6) SIDs", global: false },
  { cidr: "fc00::/7", name: "Unique-Local", global: false },
  { cidr: "fe80::/10", name: "Link-Local Unicast", global: false },
  // Outside the registry: deprecated IPv4-compatible addresses (RFC 4291 §2.5.5.1), site-local, multicast.
  { cidr: "::/96", name: "IPv4-compatible Address (deprecated)", global: false, embedded: "last-32" },
  { cidr: "::ffff:0:0:0/96", name: "IPv4-translated Address (SIIT)", global: false, embedded: "last-32" },
  { cidr: "fec0::/10", name: "Site-Local (deprecated)", global: false },
  { cidr: "ff00::/8", name: "Multicast", global: false },
];
