import { cleanText } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { reportReasons } from "../../../../db/schema/vocabulary";
import { REPORT_DETAILS_MAX } from "../ad-form-rules";

// The "report this ad" form: a reason and optional details, for the dialog and the plain form.


export const REPORT_THANKS = "Thank you: we have your report, and a person on our team will look at this ad.";
export const ALREADY_REPORTED = "You have already reported this ad. Thank you: we are looking at it.";
export const OWN_AD_REPORT = "This is your own ad: you can change, pause or delete it in My ads.";

export const reportSchema = z.object({
  reason: z.enum(reportReasons, { error: "Please choose a reason" }),
  details: z
    .string()
    .optional()
    .transform((v) => cleanText(v ?? ""))
    .pipe(z.string().max(REPORT_DETAILS_MAX, { error: `Please keep the details to ${REPORT_DETAILS_MAX} characters or fewer` })),
});

export type ReportInput = z.infer<typeof reportSchema>;
export type ReportField = keyof ReportInput;

export function reportValues(source: FormData): Partial<Record<ReportField, string>> {
  const out: Partial<Record<ReportField, string>> = {};
  for (const field of ["reason", "details"] as const) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}
