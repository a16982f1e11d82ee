import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { brandsWithModels } from "~/features/catalogue/menu.server";
import { submitLead } from "~/features/leads/lead-submit.server";
import { LeadConfirmation } from "~/features/leads/components/lead-confirmation";
import { LeadStepFields } from "~/features/leads/components/lead-step-fields";
import {
  carConditionLabels,
  carriedLeadFields,
  describeLeadBudget,
  firstFailingStep,
  landingAttribution,
  type LeadAnswer,
  leadPageQuery,
  paymentMethodLabels,
  readLeadDraft,
} from "~/features/leads/lead-draft";
import { type LeadDraft, LAST_LEAD_STEP, LEAD_STEPS, type LeadStepNumber, parseLeadStep } from "~/features/leads/lead-steps";
import { captchaEnabled } from "~/lib/captcha.server";
import { publicUrl } from "~/lib/env.server";
import { clientIp, readForm } from "~/lib/security.server";
import { pageMeta } from "~/lib/seo";
import { CaptchaField } from "~/ui/captcha-field";
import { type FieldErrors, fieldId, FormErrorSummary, SubmitButton } from "~/ui/form";
import type { Route } from "./+types/find-my-vehicle";

// The lead popup's steps as plain pages, for visitors without scripts (the floating button and the
// "Get offers" links point here). Each step is a GET form carrying the earlier answers in hidden
// fields (?step=N&car_condition=…); the last posts them all. The page holds the visitor's own
// answers and where they came from, so it is never cached (no publicPageHeaders) nor indexed.

const ID_PREFIX = "lead-page";
const PATH = "/trouver-mon-vehicule";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const draft = readLeadDraft(url.searchParams);
  const asked = parseLeadStep(url.searchParams.get("step")) ?? 0;
  // Going on checks the answers so far: the first step that does not pass is shown again.
  const failing = firstFailingStep(draft, asked);
  const step = failing?.step ?? asked;
  if (!draft.fields.source_path) Object.assign(draft.fields, landingAttribution(request.headers.get("referer"), publicUrl(), url));
  const brands = step === 2 || draft.wanted.length > 0 ? await brandsWithModels() : [];
  return data(
    { step, draft, errors: (failing?.errors ?? {}) as FieldErrors, brands, captcha: captchaEnabled(), origin: publicUrl() },
    { status: failing ? 400 : 200 },
  );
}

/** The popup's fetcher and the last step's form post here; the answer goes back with what was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { status, answer } = await submitLead(request, form, { clientIp: clientIp(context) });
  return data({ answer: answer as LeadAnswer, draft: readLeadDraft(form) }, { status });
}

type Brands = Route.ComponentProps["loaderData"]["brands"];

function carNames(wanted: string[], brands: Brands): string[] {
  return wanted.map((value) => {
    const [brandId, modelId] = value.split(":").map(Number);
    const brand = brands.find((b) => b.id === brandId);
    const model = brand?.models.find((m) => m.id === modelId);
    return brand ? `${brand.name}${model ? ` ${model.name}` : ""}` : value;
  });
}

function AnswersSoFar({ draft, step, brands }: { draft: LeadDraft; step: LeadStepNumber; brands: Brands }) {
  const rows: Array<[string, string]> = [];
  const f = draft.fields;
  if (step > 0 && f.car_condition) rows.push(["Looking for", carConditionLabels[f.car_condition as keyof typeof carConditionLabels] ?? f.car_condition]);
  if (step > 1 && f.payment_method) rows.push(["Paying by", paymentMethodLabels[f.payment_method as keyof typeof paymentMethodLabels] ?? f.payment_method]);
  if (step > 2 && draft.wanted.length) rows.push(["Cars", carNames(draft.wanted, brands).join(", ")]);
  const budget = step > 2 ? describeLeadBudget(f.budget_kind, f.budget) : null;
  if (budget) rows.push(["Budget", budget]);
  if (rows.length === 0) return null;
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-[var(--radius-control)] bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Hidden({ pairs }: { pairs: Array<[string, string]> }) {
  return pairs.map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />);
}

export default function FindMyVehiclePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const posted = actionData;
  const answer = posted?.answer;
  // A refused POST shows the step the server names, with what was posted.
  const step: LeadStepNumber = answer && !answer.ok ? answer.step : loaderData.step;
  const draft = answer && !answer.ok && posted ? posted.draft : loaderData.draft;
  const errors: FieldErrors = answer && !answer.ok ? answer.fieldErrors : loaderData.errors;
  const formError = answer && !answer.ok ? answer.formError : undefined;
  const meta = LEAD_STEPS[step];
  const last = step === LAST_LEAD_STEP;
  const pending = navigation.state !== "idle";

  return (
    <div className="container-page py-8 sm:py-12">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-12">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">We help you find your vehicle</h1>
          <p className="mt-4 leading-7 text-slate-700 dark:text-slate-300">
            Tell us the car you want, how you would like to pay and your budget. We pass your request to up to three dealers in your province
            who sell it, and they contact you with their offers. It is free and takes a minute.
          </p>
        </div>

        <section className="card p-5 sm:p-8" aria-labelledby="lead-page-step-heading">
          {answer?.ok ? (
            <>
              <LeadConfirmation answer={answer} headingId="lead-page-step-heading" />
              <p className="mt-6">
                <Link to="/" className="link">
                  Back to the home page
                </Link>
              </p>
            </>
          ) : (
            <>
              <p className="text-sm font-semibold text-primary-700 dark:text-primary-300">
                Step {step + 1} of {LEAD_STEPS.length}
              </p>
              <h2 id="lead-page-step-heading" lang={meta.lang} className="mt-1 text-2xl font-extrabold tracking-tight">
                {meta.title}
              </h2>
              <p className="mt-1 text-slate-700 dark:text-slate-300">{meta.subtitle}</p>
              <AnswersSoFar draft={draft} step={step} brands={loaderData.brands} />
              <Form
                key={`${step}-${answer ? "posted" : "asked"}`}
                method={last ? "post" : "get"}
                action={last ? `${PATH}?${leadPageQuery(draft, step)}` : PATH}
                noValidate
                className="mt-6 space-y-5"
                data-testid="lead-page-form"
              >
                <FormErrorSummary formError={formError} errors={errors} idFor={(name) => fieldId(name, ID_PREFIX)} />
                {last ? null : <input type="hidden" name="step" value={step + 1} />}
                <Hidden pairs={carriedLeadFields(draft, step)} />
                <LeadStepFields step={step} draft={draft} errors={errors} brands={loaderData.brands} idPrefix={ID_PREFIX} />
                {last ? <CaptchaField enabled={loaderData.captcha} resetKey={actionData} /> : null}
                <div className="flex flex-wrap-reverse items-center justify-between gap-3 pt-2">
                  {step > 0 ? (
                    <Link to={`${PATH}?${leadPageQuery(draft, (step - 1) as LeadStepNumber)}`} className="btn-secondary">
                      <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={1.75} />
                      Back
                    </Link>
                  ) : (
                    <span />
                  )}
                  <SubmitButton pending={pending} pendingLabel={last ? "Sending…" : "Loading…"} className="sm:ml-auto">
                    {last ? "Send my request" : "Next"}
                  </SubmitButton>
                </div>
              </Form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  return pageMeta({
    title: "Find my vehicle",
    description: "Tell us the car you want and your budget: up to three dealers in your province send you their offers.",
    pathname: location.pathname,
    origin: loaderData?.origin ?? "",
    noindex: true,
  });
}
