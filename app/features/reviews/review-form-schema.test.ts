import { describe, expect, it } from "vitest";
import { toFieldErrors } from "~/ui/form";
import { reviewFormSchema, reviewValues, storedReviewValues, yearBoughtRange, type ReviewValues } from "./review-form-schema";
import { reviewReportSchema } from "./review-report-schema";

const ctx = { launchYear: 2020, currentYear: 2026, versionIds: [11, 12] };
const schema = reviewFormSchema(ctx);

const good: ReviewValues = {
  overall: "8",
  comfort: "7",
  performance: "6",
  "fuel-economy": "9",
  reliability: "8",
  practicality: "10",
  "value-for-money": "7",
  "after-sales": "0",
  title: "  Frugal and roomy  ",
  likes: "Uses very little petrol on the N1 and the boot swallows the family's luggage.",
  dislikes: "The road noise on coarse tar is tiring after a few hours.",
  yearBought: "2022",
  kilometres: "48 500 km",
  ownedMonths: "30",
  recommends: "yes",
  versionId: "",
};

const errorsOf = (values: ReviewValues) => {
  const result = schema.safeParse(values);
  return result.success ? {} : toFieldErrors(result.error);
};

describe("review form schema", () => {
  it("reads a good review: integers, trimmed text, yes as true, no version as null", () => {
    const result = schema.parse(good);
    expect(result).toMatchObject({
      overall: 8,
      "fuel-economy": 9,
      "after-sales": 0,
      title: "Frugal and roomy",
      yearBought: 2022,
      kilometres: 48_500,
      ownedMonths: 30,
      recommends: true,
      versionId: null,
    });
    expect(schema.parse({ ...good, versionId: "12", recommends: "no" })).toMatchObject({ versionId: 12, recommends: false });
  });

  it("gives a message under every missing field", () => {
    const errors = errorsOf({});
    expect(errors).toMatchObject({
      overall: "Please give an overall score from 0 to 10",
      comfort: "Please score comfort from 0 to 10",
      "after-sales": "Please score after-sales service from 0 to 10",
      title: "Please give your review a title",
      likes: "Please tell other drivers what you like about it",
      dislikes: "Please tell other drivers what you dislike about it",
      yearBought: "Please enter the year you bought it",
      kilometres: "Please enter the kilometres you have driven it",
      ownedMonths: "Please enter how many months you have owned it",
      recommends: "Please say whether you would recommend it",
    });
    expect(errors.versionId).toBeUndefined();
  });

  it("refuses scores outside 0-10 or not whole", () => {
    for (const bad of ["11", "-1", "7.5", "ten", ""]) expect(errorsOf({ ...good, overall: bad }).overall).toBe("Please give an overall score from 0 to 10");
    expect(errorsOf({ ...good, reliability: "12" }).reliability).toBe("Please score reliability from 0 to 10");
  });

  it("checks the lengths of the title and the texts after trimming", () => {
    expect(errorsOf({ ...good, title: "  Ok  " }).title).toBe("The title must be at least 5 characters");
    expect(errorsOf({ ...good, title: "x".repeat(101) }).title).toBe("The title must be 100 characters or fewer");
    expect(errorsOf({ ...good, likes: `   ${"a".repeat(19)}   ` }).likes).toBe("Please write at least 20 characters about what you like");
    expect(errorsOf({ ...good, dislikes: "b".repeat(2001) }).dislikes).toBe("Please keep what you dislike to 2 000 characters or fewer");
    expect(errorsOf({ ...good, likes: "   " }).likes).toBe("Please tell other drivers what you like about it");
  });

  it("keeps the year bought between a year before the launch and this year", () => {
    expect(yearBoughtRange(ctx)).toEqual({ min: 2019, max: 2026 });
    expect(errorsOf({ ...good, yearBought: "2018" }).yearBought).toBe("The year must be between 2019 and 2026");
    expect(errorsOf({ ...good, yearBought: "2027" }).yearBought).toBe("The year must be between 2019 and 2026");
    expect(errorsOf({ ...good, yearBought: "2019" }).yearBought).toBeUndefined();
    // A model announced for next year: only this year.
    expect(yearBoughtRange({ launchYear: 2028, currentYear: 2026 })).toEqual({ min: 2026, max: 2026 });
  });

  it("keeps kilometres 0-1 000 000 and months owned 1-600", () => {
    expect(errorsOf({ ...good, kilometres: "0" }).kilometres).toBeUndefined();
    expect(errorsOf({ ...good, kilometres: "1 000 001" }).kilometres).toBe("The kilometres must be between 0 and 1 000 000");
    expect(errorsOf({ ...good, kilometres: "lots" }).kilometres).toBe("Please enter the kilometres you have driven it (digits only)");
    expect(errorsOf({ ...good, ownedMonths: "0" }).ownedMonths).toBe("The months owned must be between 1 and 600");
    expect(errorsOf({ ...good, ownedMonths: "601" }).ownedMonths).toBe("The months owned must be between 1 and 600");
  });

  it("accepts only yes or no, and only the model's own versions", () => {
    expect(errorsOf({ ...good, recommends: "maybe" }).recommends).toBe("Please say whether you would recommend it");
    expect(errorsOf({ ...good, versionId: "99" }).versionId).toBe("Please choose a version from the list, or leave it empty");
    expect(errorsOf({ ...good, versionId: "1; drop table" }).versionId).toBe("Please choose a version from the list, or leave it empty");
  });

  it("reads the fields from a form and gives a stored review back as the same values", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(good)) form.set(k, v!);
    form.set("unknown", "x");
    const values = reviewValues(form);
    expect(values).toEqual(good);
    const parsed = schema.parse(values);
    expect(schema.parse(storedReviewValues(parsed))).toEqual(parsed);
  });
});

describe("review report schema", () => {
  it("needs a reason from the list; details are optional and trimmed", () => {
    expect(reviewReportSchema.parse({ reason: "fake", details: "  Same text on three models.  " })).toEqual({ reason: "fake", details: "Same text on three models." });
    expect(reviewReportSchema.parse({ reason: "other" })).toEqual({ reason: "other", details: "" });
    const bad = reviewReportSchema.safeParse({ reason: "spam" });
    expect(bad.success).toBe(false);
    expect(toFieldErrors(bad.error!).reason).toBe("Please choose a reason");
    expect(toFieldErrors(reviewReportSchema.safeParse({ reason: "fake", details: "x".repeat(1001) }).error!).details).toBe(
      "Please keep the details to 1000 characters or fewer",
    );
  });
});
