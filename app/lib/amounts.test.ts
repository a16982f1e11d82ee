import { describe, expect, it } from "vitest";
import { amountDigits } from "./amounts";

describe("amountDigits", () => {
  it("reads amounts as sellers and shoppers type them", () => {
    expect(amountDigits("R 159 000")).toBe("159000");
    expect(amountDigits("159.000 ZAR")).toBe("159000");
    expect(amountDigits("R159,000")).toBe("159000");
    expect(amountDigits("ZAR 1 500 000")).toBe("1500000");
    expect(amountDigits("86 000 km")).toBe("86000");
    expect(amountDigits("86\u00a0000")).toBe("86000");
    expect(amountDigits("2019")).toBe("2019");
  });

  it("leaves what is not a thousands separator for the digits check", () => {
    expect(amountDigits("139 000.00")).toBe("139000.00");
    expect(amountDigits("1,5")).toBe("1,5");
    expect(amountDigits("159k")).toBe("159k");
    expect(amountDigits("1 50 000")).toBe("1 50000");
  });
});
