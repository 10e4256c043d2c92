/** Types of scripts/haproxy-config.mjs, for its test. */
export declare function haproxyConfig(options: {
  host: string;
  port: number;
  servers: { name: string; port: number }[];
  trustProxy: boolean;
  timeoutServerS: number;
}): string;
