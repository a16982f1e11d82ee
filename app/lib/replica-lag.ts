// How far a streaming replica is behind its primary, from two cheap readings taken now and then:
// the primary's WAL position (with the time it was read) and the replica's replayed position.
// A write the primary had made when it stood at L is on the replica once it has replayed L, so
// the replica's lag is the age of the oldest primary position it has not replayed yet. Unlike
// now() - pg_last_xact_replay_timestamp(), this is not fooled by a primary that was idle.

/** A WAL position ("16/B374D848") as a number. */
export function lsnValue(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn.trim());
  if (!match) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

// One reading a second: an hour of a stalled replica, then the oldest are dropped (its lag is
// then understated, but still an hour).
const MAX_PENDING = 3_600;

export class ReplicaLag {
  private pending: { lsn: bigint; at: number }[] = [];

  /** The primary stood at `lsn` at time `at` (ms). */
  primaryAt(lsn: string, at: number): void {
    const value = lsnValue(lsn);
    const last = this.pending.at(-1);
    if (last && last.lsn >= value) return;
    this.pending.push({ lsn: value, at });
    if (this.pending.length > MAX_PENDING) this.pending.shift();
  }

  /** The replica has replayed up to `lsn`: how many ms behind the primary it is at `now`. */
  replayed(lsn: string, now: number): number {
    const value = lsnValue(lsn);
    while (this.pending.length > 0 && this.pending[0]!.lsn <= value) this.pending.shift();
    return this.pending.length > 0 ? Math.max(0, now - this.pending[0]!.at) : 0;
  }
}
