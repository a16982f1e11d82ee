import { data } from "react-router";
import type { Route } from "./+types/car-valuation";
import { DemoDataNote } from "~/features/marketplace/components/demo-note";
import { ValuationAnswer } from "~/features/marketplace/pricing/components/valuation-answer";
import { ValuationForm } from "~/features/marketplace/pricing/components/valuation-form";
import { valuationAsked, valuationFields, valuationUrl, valuationValues } from "~/features/marketplace/pricing/valuation-form";
import { parseValuationForm } from "~/features/marketplace/pricing/valuation-schema";
import { valuationChoices, valueCar } from "~/features/marketplace/pricing/valuation.server";
import { prefilledSellUrl } from "~/features/marketplace/selling/ad-draft-prefill";
import { MARKETPLACE_PATH, TRADE_IN_PATH, VALUATION_PATH } from "~/features/marketplace/urls";
import { livePageHeaders } from "~/lib/http-cache";
import type { PageQueryHandle } from "~/lib/page-query";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";

// /estimer-ma-voiture: "What is my car worth?" (issue 47). A plain GET form; its answer is the
// comparables' range by the price rating's rules (pricing/valuation.server.ts). Bad input is a
// 400 with the messages under the fields. Public: the answer depends on the address and the live
// ads only (no session), so it is cached as briefly as the other live marketplace pages.

export const headers = livePageHeaders;
export const handle: PageQueryHandle = { query: valuationFields };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const values = valuationValues(url.searchParams);
  const choices = await valuationChoices(values.make, values.model);
  if (!valuationAsked(url.searchParams)) return { values, errors: {}, choices, answer: null };
  const parsed = parseValuationForm(values);
  if (!parsed.input) return data({ values, errors: parsed.errors, choices, answer: null }, { status: 400 });
  const valued = await valueCar(parsed.input);
  if (!valued.ok) return data({ values, errors: valued.errors, choices, answer: null }, { status: 400 });
  return { values, errors: {}, choices, answer: valued.answer };
}

export default function CarValuationPage({ loaderData }: Route.ComponentProps) {
  const { values, errors, choices, answer } = loaderData;
  const sellUrl = answer
    ? prefilledSellUrl({ make: answer.car.makeName, model: answer.car.modelName, variant: answer.car.variant, year: String(answer.car.year), km: String(answer.car.km), province: answer.car.province })
    : "";
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Used cars", to: MARKETPLACE_PATH }, { label: "What is my car worth?" }]} currentPath={VALUATION_PATH} />
      <header className="mt-4 mb-6 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">What is my car worth?</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          A price range from the asking prices of similar cars for sale on Voitura: the same model, a year either side and a similar mileage, as our price
          ratings compare them. Free, no sign-in.
        </p>
        <DemoDataNote className="mt-2" />
      </header>
      <div className="max-w-4xl">
        <ValuationForm values={values} errors={errors} choices={choices} />
        {answer ? <ValuationAnswer answer={answer} sellUrl={sellUrl} offersUrl={valuationUrl(values, TRADE_IN_PATH)} /> : null}
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "What is my car worth?",
    description: "Value your car from the asking prices of similar used cars for sale on Voitura: a price range, how many ads it rests on and the last 12 months.",
    canonicalPath: VALUATION_PATH,
    // An answer is one car's: only the empty form is worth indexing.
    ...(args.location.search ? { noindex: true } : {}),
  });
}
