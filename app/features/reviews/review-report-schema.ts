import { cleanText } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { type ReviewReportReason, reviewReportReasons } from "../../../db/schema/vocabulary";

// "Report this review": a reason and optional details, from a signed-in reader.

export { reviewReportReasons };

export const REVIEW_REPORT_DETAILS_MAX = 1000;

export const reviewReportReasonLabels: Record<ReviewReportReason, string> = {
  fake: "It looks fake or written by someone who does not own the car",
  offensive: "It is offensive or abusive",
  "off-topic": "It is not about this car",
  "personal-data": "It shows someone's personal details",
  other: "Something else",
};

export const REVIEW_REPORT_THANKS = "Thank you: we have your report, and a person on our team will look at this review.";
export const REVIEW_ALREADY_REPORTED = "You have already reported this review. Thank you: we are looking at it.";

export const reviewReportSchema = z.object({
  reason: z.enum(reviewReportReasons, { error: "Please choose a reason" }),
  details: z
    .string()
    .optional()
    .transform((v) => cleanText(v ?? ""))
    .pipe(z.string().max(REVIEW_REPORT_DETAILS_MAX, { error: `Please keep the details to ${REVIEW_REPORT_DETAILS_MAX} characters or fewer` })),
});

export type ReviewReportInput = z.infer<typeof reviewReportSchema>;
export type ReviewReportField = keyof ReviewReportInput;

export function reviewReportValues(source: FormData): Partial<Record<ReviewReportField, string>> {
  const out: Partial<Record<ReviewReportField, string>> = {};
  for (const field of ["reason", "details"] as const) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}
