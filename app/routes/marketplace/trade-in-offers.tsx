import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/trade-in-offers";
import { LeadConfirmation } from "~/features/leads/components/lead-confirmation";
import { LeadContactFields } from "~/features/leads/components/lead-step-fields";
import { landingAttribution } from "~/features/leads/lead-draft";
import { DemoDataNote } from "~/features/marketplace/components/demo-note";
import { TradeInCar } from "~/features/marketplace/pricing/components/trade-in-car";
import { submitTradeIn } from "~/features/marketplace/pricing/trade-in.server";
import { tradeInCarFields, tradeInContactFields } from "~/features/marketplace/pricing/trade-in-schema";
import { valuationFields, valuationUrl, valuationValues } from "~/features/marketplace/pricing/valuation-form";
import { parseValuationForm } from "~/features/marketplace/pricing/valuation-schema";
import { valueCar } from "~/features/marketplace/pricing/valuation.server";
import { MARKETPLACE_PATH, TRADE_IN_PATH, VALUATION_PATH } from "~/features/marketplace/urls";
import { captchaEnabled } from "~/lib/captcha.server";
import { publicUrl } from "~/lib/env.server";
import { clientIp, readForm } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { CaptchaField } from "~/ui/captcha-field";
import { fieldId, FormErrorSummary, SubmitButton } from "~/ui/form";

// /estimer-ma-voiture/offres: "Get offers from dealers" for the car just valued (issue 47). The
// car comes in the query (the valuation's own parameters), the shopper's details in a POST that
// goes through the lead flow as a trade-in. Holds the visitor's answers: never cached nor indexed.

const ID_PREFIX = "trade-in";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const values = valuationValues(url.searchParams);
  const parsed = parseValuationForm(values);
  const valued = parsed.input ? await valueCar(parsed.input) : null;
  const attribution = landingAttribution(request.headers.get("referer"), publicUrl(), url);
  const page = { values, captcha: captchaEnabled(), attribution };
  // A car that cannot be valued (a changed or cut address) cannot be offered: back to the form.
  if (!valued?.ok) return data({ ...page, answer: null }, { status: 400 });
  return { ...page, answer: valued.answer };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { status, answer } = await submitTradeIn(request, form, { clientIp: clientIp(context) });
  const posted = Object.fromEntries(tradeInContactFields.map((name) => [name, String(form.get(name) ?? "")]));
  return data({ answer, posted }, { status });
}

export default function TradeInOffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { values, answer: valued, captcha, attribution } = loaderData;
  const navigation = useNavigation();
  const answer = actionData?.answer;
  const errors = answer && !answer.ok ? answer.fieldErrors : {};
  const draft = { fields: actionData?.posted ?? { province: values.province }, wanted: [] };
  const backToValuation = valuationUrl(values);
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[{ label: "Used cars", to: MARKETPLACE_PATH }, { label: "What is my car worth?", to: VALUATION_PATH }, { label: "Offers from dealers" }]}
        currentPath={TRADE_IN_PATH}
      />
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Get offers from dealers</h1>
          <p className="mt-3 leading-7 text-slate-700 dark:text-slate-300">
            We pass your car and your details to up to three dealers in your province that buy used cars, the ones that sell its make first. They
            contact you with their offers. Free, no sign-in, and you are under no obligation to sell.
          </p>
          {valued ? <TradeInCar valuation={valued} valuationUrl={backToValuation} /> : null}
          <DemoDataNote className="mt-3" />
        </div>

        <section className="card p-5 sm:p-8" aria-labelledby="trade-in-heading">
          {!valued ? (
            <>
              <h2 id="trade-in-heading" className="text-2xl font-extrabold tracking-tight">
                Value your car first
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                This address does not name a car we can value. Tell us its make, model, year and mileage, then ask for offers from the answer.
              </p>
              <p className="mt-4">
                <Link to={valuationFields.some((f) => values[f]) ? backToValuation : VALUATION_PATH} className="btn-primary">
                  Value my car
                </Link>
              </p>
            </>
          ) : answer?.ok ? (
            <>
              <LeadConfirmation answer={answer} headingId="trade-in-heading" />
              <p className="mt-6">
                <Link to={backToValuation} className="link">
                  Back to your car's valuation
                </Link>
              </p>
            </>
          ) : (
            <>
              <h2 id="trade-in-heading" className="text-2xl font-extrabold tracking-tight">
                Where can dealers reach you?
              </h2>
              <Form method="post" noValidate className="mt-5 space-y-5" data-testid="trade-in-form">
                <FormErrorSummary formError={answer && !answer.ok ? answer.formError : undefined} errors={errors} idFor={(name) => fieldId(name, ID_PREFIX)} />
                {tradeInCarFields.map((name) => (
                  <input key={name} type="hidden" name={name} value={values[name]} />
                ))}
                {Object.entries(attribution).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <LeadContactFields draft={draft} errors={errors} idPrefix={ID_PREFIX} tradeIn />
                <CaptchaField enabled={captcha} resetKey={actionData} />
                <SubmitButton pending={navigation.state !== "idle"} pendingLabel="Sending…">
                  Send to dealers
                </SubmitButton>
              </Form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "Get offers from dealers for your car",
    description: "Pass the car you valued to up to three dealers in your province that buy used cars, and get their offers.",
    canonicalPath: TRADE_IN_PATH,
    noindex: true,
  });
}
