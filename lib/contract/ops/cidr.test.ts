import { describe, expect, it } from "vitest";
import { cidrProblem } from "@/lib/contract/ops/cidr";

describe("cidrProblem", () => {
  it.each([
    "10.0.0.0/8",
    "192.168.1.7",
    "192.168.1.7/32",
    "0.0.0.0/0",
    "2001:db8::/32",
    "::1",
    "::/0",
    "fe80::1/128",
    "::ffff:10.0.0.1/128",
    "2001:db8:0:0:0:0:0:1",
  ])("accepts %s", (cidr) => expect(cidrProblem(cidr)).toBeNull());

  it.each([
    ["10.0.0.1/8", /beyond the prefix/],
    ["256.0.0.0/8", /not an IPv4 or IPv6/],
    ["10.0.0/8", /not an IPv4 or IPv6/],
    ["10.0.0.0/33", /prefix must be 0 to 32/],
    ["2001:db8::/129", /prefix must be 0 to 128/],
    ["2001:db8::1/32", /beyond the prefix/],
    ["1:2:3:4:5:6:7:8:9", /not an IPv4 or IPv6/],
    ["1::2::3", /not an IPv4 or IPv6/],
    ["010.0.0.0", /not an IPv4 or IPv6/],
    ["10.0.0.0/8/8", /one \/prefix/],
    ["", /not an IPv4 or IPv6/],
    ["receiver.harbour.test", /not an IPv4 or IPv6/],
  ])("refuses %s", (cidr, reason) => expect(cidrProblem(cidr)).toMatch(reason));
});
