import { Form, useNavigation } from "react-router";
import { DECISION_REASON_MAX } from "~/features/dealer-accounts/claim-schema";
import { FieldError, FormSuccess, SubmitButton } from "~/ui/form";
import type { ModerationAnswer } from "../item-actions.server";

// A dealer claim's two decisions, each a plain POST (they work before scripts run): approve (an
// optional note for the claimant) or refuse (the reason the claimant is mailed).

const words = {
  approve: { title: "Approve", help: "The claimant becomes the dealership's owner and it shows “Verified dealer”.", reasonLabel: "Note for the claimant (optional)" },
  refuse: { title: "Refuse", help: "The claim ends; the claimant is mailed your reason.", reasonLabel: "Reason the claimant is told" },
} as const;

export function ClaimDecisions({ answer }: { answer: ModerationAnswer | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    <div className="space-y-4">
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      {failed?.formError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {failed.formError}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {(["approve", "refuse"] as const).map((intent) => {
          const id = `claim-${intent}`;
          const error = failed?.values.intent === intent ? failed.fieldErrors?.reason : undefined;
          return (
            <Form key={intent} method="post" className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-slate-200 p-3 dark:border-slate-700" aria-labelledby={`${id}-title`}>
              <h3 id={`${id}-title`} className="font-semibold">
                {words[intent].title}
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-400">{words[intent].help}</p>
              <input type="hidden" name="intent" value={intent} />
              <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
                {words[intent].reasonLabel}
              </label>
              <textarea
                id={`${id}-reason`}
                name="reason"
                rows={3}
                maxLength={DECISION_REASON_MAX}
                required={intent === "refuse"}
                defaultValue={failed?.values.intent === intent ? failed.values.reason : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="input min-h-20 resize-y"
              />
              <FieldError id={`${id}-error`} message={error} />
              {intent === "approve" ? (
                <SubmitButton pending={pending === intent} pendingLabel="Saving…" className="mt-auto">
                  Approve
                </SubmitButton>
              ) : (
                <button
                  type="submit"
                  disabled={pending !== null}
                  aria-busy={pending === intent || undefined}
                  className="btn mt-auto w-full border border-red-300 bg-white text-red-800 hover:bg-red-50 sm:w-auto dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950/40"
                >
                  {pending === intent ? "Saving…" : "Refuse"}
                </button>
              )}
            </Form>
          );
        })}
      </div>
    </div>
  );
}
