import { describe, expect, it } from "vitest";
import { lsnValue, ReplicaLag } from "./replica-lag";

describe("a replica's lag", () => {
  it("reads WAL positions and refuses anything else", () => {
    expect(lsnValue("0/0")).toBe(0n);
    expect(lsnValue("1/0")).toBe(1n << 32n);
    expect(lsnValue("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnValue("B374D848")).toThrow(/not a WAL position/);
  });
  it("is nothing while the replica has replayed what the primary had written", () => {
    const lag = new ReplicaLag();
    lag.primaryAt("0/100", 1_000);
    expect(lag.replayed("0/100", 5_000)).toBe(0);
    // An idle primary: the same position read again later does not age.
    lag.primaryAt("0/100", 9_000);
    expect(lag.replayed("0/100", 20_000)).toBe(0);
  });
  it("is the age of the oldest primary position not replayed yet", () => {
    const lag = new ReplicaLag();
    lag.primaryAt("0/100", 1_000);
    lag.primaryAt("0/200", 2_000);
    lag.primaryAt("0/300", 3_000);
    expect(lag.replayed("0/FF", 4_000)).toBe(3_000);
    expect(lag.replayed("0/150", 4_000)).toBe(2_000);
    expect(lag.replayed("0/300", 4_000)).toBe(0);
  });
});
