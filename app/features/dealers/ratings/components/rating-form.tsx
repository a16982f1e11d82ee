import { Form, useNavigation } from "react-router";
import { FormErrorSummary, SubmitButton, TextAreaField } from "~/ui/form";
import { useCheckedForm } from "~/ui/use-checked-form";
import type { RateDealerAnswer } from "../rating-answers";
import { RATING_MAX, RATING_MIN, ratingCriterionLabels, ratingCriterionQuestions } from "../rating-rules";
import { RATING_LIMITS, type RatingField, ratingSchema, ratingValues } from "../rating-schemas";
import { ScoreScale } from "~/ui/score-scale";

// The rating form: three scores and a short text, checked in the browser by the same schema as
// the action (messages under the fields, the summary focused), and a plain POST without scripts.

const idFor = (name: string) => `rating-${name}`;
const scales = [
  { name: "response", criterion: "response" },
  { name: "honesty", criterion: "honesty" },
  { name: "asDescribed", criterion: "as-described" },
] as const;

export function RatingForm({ dealerName, answer }: { dealerName: string; answer: RateDealerAnswer | undefined }) {
  const navigation = useNavigation();
  const { summaryRef, errors, formError, onSubmit } = useCheckedForm<RatingField>({ schema: ratingSchema, values: ratingValues, captcha: false, failure: answer });
  const values = answer?.values ?? {};
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6" aria-label={`Rate ${dealerName}`}>
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={idFor} />
      {scales.map(({ name, criterion }) => (
        <ScoreScale
          key={name}
          id={idFor(name)}
          name={name}
          min={RATING_MIN}
          max={RATING_MAX}
          large
          legend={ratingCriterionLabels[criterion]}
          hint={ratingCriterionQuestions[criterion]}
          value={values[name]}
          error={errors[name]}
        />
      ))}
      <TextAreaField
        id={idFor("text")}
        label="Your experience"
        name="text"
        rows={5}
        maxLength={RATING_LIMITS.textMax}
        hint={`What went well, what did not: between ${RATING_LIMITS.textMin} and ${RATING_LIMITS.textMax} characters. Other buyers read it on the dealer's page, with your first name.`}
        defaultValue={values.text}
        error={errors.text}
      />
      <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Publishing…">
        Publish my rating
      </SubmitButton>
    </Form>
  );
}
