import { describe, expect, it } from "vitest";
import { checkDealerDetails, cleanDescription, type DealerDetailsForm, DESCRIPTION_MAX, detailsFormOf } from "./dealer-details-rules";
import { readPhone } from "./import";

const blankHours = { mon: "", tue: "", wed: "", thu: "", fri: "", sat: "", sun: "", holidays: "" };
const form = (values: Partial<DealerDetailsForm> = {}): DealerDetailsForm => ({
  phone: "",
  website: "",
  hours: { ...blankHours },
  brandIds: [],
  services: [],
  description: "",
  ...values,
});

describe("the owner's details form", () => {
  it("reads phone and website as the importer does", () => {
    const { input } = checkDealerDetails(form({ phone: "011 555 0123", website: "www.example.co.za", services: ["Sales", "finance"], brandIds: ["3", "3", "7"] }));
    expect(input).toMatchObject({ phone: "+27 11 555 0123", website: "https://www.example.co.za", services: ["sales", "finance"], brandIds: [3, 7], openingHours: null });
    // The same words as an import's refusal, under the field's name.
    const phone = readPhone("12345");
    expect("error" in phone && checkDealerDetails(form({ phone: "12345" })).errors.phone).toBe(`Phone: ${"error" in phone ? phone.error : ""}.`);
    expect(checkDealerDetails(form({ website: "ftp://example.co.za" })).errors.website).toBe("Website: must be an http or https address.");
    expect(checkDealerDetails(form({ website: `example.co.za/${"a".repeat(200)}` })).errors.website).toBe("Website: is too long.");
  });

  it("reads each day's hours in the importer's words; an empty day is closed, an empty week no hours", () => {
    const { input, errors } = checkDealerDetails(form({ hours: { ...blankHours, mon: "08:00-17:00", sat: "08:00-12:30, 13:30-15:00", sun: "closed", holidays: "24h" } }));
    expect(errors).toEqual({});
    expect(input!.openingHours).toEqual({
      mon: [{ opens: "08:00", closes: "17:00" }],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: [
        { opens: "08:00", closes: "12:30" },
        { opens: "13:30", closes: "15:00" },
      ],
      sun: [],
      holidays: [{ opens: "00:00", closes: "00:00" }],
    });
    expect(checkDealerDetails(form({ hours: { ...blankHours, tue: "9 to 5" } })).errors).toEqual({
      hours_tue: 'Tuesday: "9 to 5" is not a time range like 08:00-17:00 (or write closed, or 24h).',
    });
  });

  it("refuses unknown services, too many brands, and a description too long", () => {
    expect(checkDealerDetails(form({ services: ["sales", "car-wash"] })).errors.services).toMatch(/^Services: unknown service 'car-wash'/);
    expect(checkDealerDetails(form({ brandIds: Array.from({ length: 13 }, (_, i) => String(i + 1)) })).errors.brands).toBe("Brands: at most 12 brands.");
    expect(checkDealerDetails(form({ brandIds: ["x"] })).errors.brands).toBe("Brands: choose brands from the list.");
    expect(checkDealerDetails(form({ description: "a".repeat(DESCRIPTION_MAX + 1) })).errors.description).toMatch(/at most 2000 characters/);
  });

  it("keeps the description plain: line ends made one kind, runs of empty lines cut, trimmed", () => {
    expect(cleanDescription("  Family dealer since 1987.\r\n\r\n\r\n\r\nService on Saturdays.  ")).toBe("Family dealer since 1987.\n\nService on Saturdays.");
    expect(checkDealerDetails(form({ description: "<b>Best</b> prices" })).input!.description).toBe("<b>Best</b> prices");
  });

  it("shows stored hours back in the same words", () => {
    const shown = detailsFormOf({
      phone: "+27 11 555 0123",
      website: null,
      openingHours: { mon: [{ opens: "08:00", closes: "17:00" }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [], holidays: [{ opens: "00:00", closes: "00:00" }] },
      brandIds: [4],
      services: ["sales"],
      description: "",
    });
    expect(shown.hours).toMatchObject({ mon: "08:00-17:00", tue: "closed", holidays: "24h" });
    expect(shown.brandIds).toEqual(["4"]);
    // What the form shows reads back as what was stored.
    expect(checkDealerDetails(shown).input!.openingHours!.mon).toEqual([{ opens: "08:00", closes: "17:00" }]);
  });
});
