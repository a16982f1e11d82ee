import { MapPin, Phone } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { provinceName } from "~/lib/places";
import { telHref } from "../dealer-labels";
import { nearbyDealersUrl, nearbyDirectoryUrl, type NearbyDealers } from "../nearby";
import { OpeningStatusBadge } from "./dealer-opening-hours";

// The browser's part of "Dealers near you" (a chunk loaded once a province is chosen and the
// section is near the viewport): a few dealers read from the cacheable JSON resource.

type Answer = { status: "loading" } | { status: "error" } | { status: "done"; data: NearbyDealers };

export default function NearbyDealersList({
  brandId,
  brandSlug,
  brandName,
  province,
  loading,
}: {
  brandId: number;
  brandSlug: string;
  brandName: string;
  province: string;
  loading: ReactNode;
}) {
  const [answer, setAnswer] = useState<Answer>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    setAnswer({ status: "loading" });
    fetch(nearbyDealersUrl(brandId, province), { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<NearbyDealers>) : Promise.reject(new Error(String(response.status)))))
      .then(
        (data) => setAnswer({ status: "done", data }),
        () => {
          if (!controller.signal.aborted) setAnswer({ status: "error" });
        },
      );
    return () => controller.abort();
  }, [brandId, province]);

  if (answer.status === "loading") return loading;
  if (answer.status === "error") {
    return (
      <p className="text-slate-600 dark:text-slate-400">
        The dealers could not be loaded.{" "}
        <Link to={nearbyDirectoryUrl(brandSlug, province)} className="link">
          See them in the dealer directory
        </Link>
        .
      </p>
    );
  }
  const { total, dealers, directoryUrl } = answer.data;
  if (total === 0) {
    return (
      <p className="text-slate-600 dark:text-slate-400">
        No {brandName} dealer in {provinceName(province)} sells new cars in our directory yet.{" "}
        <Link to={nearbyDirectoryUrl(brandSlug)} className="link">
          See {brandName} dealers in other provinces
        </Link>
        .
      </p>
    );
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="nearby-dealers">
        {dealers.map((dealer) => (
          <li key={dealer.id} className="card relative flex flex-col gap-2 p-4">
            <h3 className="leading-snug font-bold">
              <Link to={dealer.url} className="after:absolute after:inset-0 hover:underline">
                {dealer.name}
              </Link>
            </h3>
            <p className="flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-400">
              <MapPin className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
              <span>
                {[dealer.suburb, dealer.town].filter(Boolean).join(", ")}
                {dealer.isDemo ? <span className="ml-1 text-xs">(demo data)</span> : null}
              </span>
            </p>
            <OpeningStatusBadge hours={dealer.openingHours} className="self-start px-2.5 py-0.5 text-xs" />
            {dealer.phone ? (
              <a
                href={telHref(dealer.phone)}
                className="tabular relative z-10 mt-auto inline-flex min-h-10 items-center gap-1.5 self-start text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
              >
                <Phone className="size-4" strokeWidth={1.75} aria-hidden="true" />
                <span className="sr-only">Call {dealer.name} on </span>
                {dealer.phone}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <Link to={directoryUrl} className="link font-semibold">
          {total > dealers.length ? `See all ${total} ${brandName} dealers in ${provinceName(province)}` : "See them in the dealer directory"}
        </Link>
      </p>
    </>
  );
}
