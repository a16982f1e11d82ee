import { Form, useNavigation } from "react-router";
import { FieldError, SubmitButton } from "~/ui/form";
import type { ReplyAnswer } from "../rating-answers";
import { RATING_LIMITS } from "../rating-schemas";

// The dealer's answer to one rating: a plain POST to the dashboard's ratings section, once per
// rating (the answer is public, under the rating on the dealer's page).

export function ReplyForm({ ratingId, author, answer }: { ratingId: number; author: string; answer: ReplyAnswer | undefined }) {
  const navigation = useNavigation();
  const mine = answer && !answer.ok && answer.ratingId === ratingId ? answer : undefined;
  const pending = navigation.state === "submitting" && navigation.formData?.get("ratingId") === String(ratingId);
  const id = `reply-${ratingId}`;
  const error = mine?.fieldErrors?.reply ?? mine?.formError ?? mine?.fieldErrors?.ratingId;
  return (
    <Form method="post" className="mt-3 space-y-2" aria-label={`Answer ${author}`}>
      <input type="hidden" name="ratingId" value={ratingId} />
      <label htmlFor={id} className="block text-sm font-semibold">
        Your public answer to {author}
      </label>
      <textarea
        id={id}
        name="reply"
        rows={3}
        required
        minLength={RATING_LIMITS.replyMin}
        maxLength={RATING_LIMITS.replyMax}
        defaultValue={mine?.values.reply}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
        className="input min-h-20 resize-y"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        Shown under the rating on your dealer page. You answer each rating once: between {RATING_LIMITS.replyMin} and {RATING_LIMITS.replyMax} characters.
      </p>
      <FieldError id={`${id}-error`} message={error} />
      <SubmitButton pending={pending} pendingLabel="Publishing…">
        Publish the answer
      </SubmitButton>
    </Form>
  );
}
