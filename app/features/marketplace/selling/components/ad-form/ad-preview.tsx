import { CircleAlert, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import type { DraftPreview } from "../../ad-drafts.server";
import { type AdDraftStep, adDraftStepLabels, adDraftSteps, draftStepPath } from "../../ad-draft-steps";
import { cityName, provinceName } from "~/lib/places";
import { findColour } from "../../../vocabulary";
import { AdEquipment, AdKeyFacts } from "../../../ad-page/components/ad-facts";
import { AdGallery } from "../../../ad-page/components/ad-gallery";
import { PriceOutlookPanel } from "./price-step";

// The preview step: the ad as buyers will see it (the ad page's own gallery, facts and equipment),
// with the price rating it would get; or, while a step is missing, what to fix and where.

export function MissingSteps({ draftId, stepErrors }: { draftId: number; stepErrors: DraftPreview["stepErrors"] }) {
  const failing = adDraftSteps.filter((s): s is Exclude<AdDraftStep, "preview"> => s !== "preview" && s in stepErrors);
  if (failing.length === 0) return null;
  return (
    <div className="rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100" data-testid="missing-steps">
      <p className="flex items-start gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
        Before you can publish, please complete:
      </p>
      <ul className="mt-2 space-y-1 pl-6">
        {failing.map((s) => (
          <li key={s}>
            <Link to={draftStepPath(draftId, s)} className="font-semibold underline underline-offset-2">
              {adDraftStepLabels[s]}
            </Link>
            : {Object.values(stepErrors[s] ?? {}).join(" · ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AdPreview({ preview }: { preview: DraftPreview & { ad: NonNullable<DraftPreview["ad"]> } }) {
  const { ad, photos } = preview;
  return (
    <article aria-labelledby="preview-title" className="space-y-6" data-testid="ad-preview">
      <AdGallery photos={photos} title={ad.title} bodyType={ad.bodyType} colourHex={findColour(ad.colour)?.hex ?? "#94a3b8"} />
      <div>
        <h2 id="preview-title" className="text-2xl leading-tight font-extrabold tracking-tight">
          {ad.title}
        </h2>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="tabular text-3xl font-extrabold text-slate-900 dark:text-white" data-testid="preview-price">
            {formatPrice(ad.priceZar, { withCurrency: true })}
          </span>
          {ad.negotiable ? (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">Negotiable</span>
          ) : null}
        </p>
        <p className="mt-2 flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <MapPin aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.75} />
          {cityName(ad.city)}, {provinceName(ad.province)}
        </p>
      </div>
      <PriceOutlookPanel outlook={preview.outlook} price={ad.priceZar} />
      <section aria-labelledby="preview-facts">
        <h3 id="preview-facts" className="text-lg font-bold">
          Key facts
        </h3>
        <div className="mt-3">
          <AdKeyFacts ad={ad} />
        </div>
      </section>
      <section aria-labelledby="preview-equipment">
        <h3 id="preview-equipment" className="text-lg font-bold">
          Equipment
        </h3>
        <div className="mt-3">
          <AdEquipment items={ad.equipment} />
        </div>
      </section>
      <section aria-labelledby="preview-description">
        <h3 id="preview-description" className="text-lg font-bold">
          Description
        </h3>
        {/* Plain text as the seller typed it: line breaks kept by CSS, never HTML. */}
        <p className="mt-3 leading-7 break-words whitespace-pre-line text-slate-800 dark:text-slate-200">{ad.description}</p>
      </section>
      <p className="flex items-start gap-2 text-slate-700 dark:text-slate-300">
        <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0" strokeWidth={1.75} />
        {preview.shownPhone
          ? `Buyers can reveal your number (${preview.shownPhone}) or write to you through the ad.`
          : "Your number is not shown: buyers write to you through the ad."}
      </p>
    </article>
  );
}
