/**
 * Nonces a receiver has accepted, each kept until its message's timestamp
 * plus the tolerance. Keying the expiry to the timestamp (not to receipt)
 * closes the gap a plain 5-minute cache leaves: a message stamped up to
 * 5 minutes ahead stays valid for up to 10 minutes after it arrives.
 * In memory, for one receiver process; share a store (Redis SET NX PX, a
 * database unique key) when several processes receive.
 */
export class NonceMemory {
  private readonly expiries = new Map<string, number>();
  private nextPruneAt = 0;

  /** Records the nonce; false when it was already seen and has not expired. */
  remember(nonce: string, expiresAtMs: number, nowMs: number): boolean {
    this.prune(nowMs);
    const known = this.expiries.get(nonce);
    if (known !== undefined && known > nowMs) return false;
    this.expiries.set(nonce, expiresAtMs);
    return true;
  }

  get size(): number {
    return this.expiries.size;
  }

  private prune(nowMs: number): void {
    if (nowMs < this.nextPruneAt) return;
    this.nextPruneAt = nowMs + 1_000;
    for (const [nonce, expiresAt] of this.expiries) if (expiresAt <= nowMs) this.expiries.delete(nonce);
  }
}
