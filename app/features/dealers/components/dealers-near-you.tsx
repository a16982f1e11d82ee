import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { provinces } from "~/lib/places";
import { nearbyDirectoryUrl, rememberedProvince, rememberProvince } from "../nearby";
import { DEALER_DIRECTORY_PATH } from "../urls";

// "Dealers near you" on a model page. The page is cached and shared, so its HTML holds only a
// GET form to the directory (brand, province, new cars): that is the whole section without
// scripts. With them, the province is remembered in this browser, and once one is chosen and the
// section is near the viewport, the list of dealers loads as a chunk of its own.

const NearbyDealersList = lazy(() => import("./dealers-near-you-list"));

interface DealersNearYouProps {
  brandId: number;
  brandSlug: string;
  brandName: string;
}

function LoadingDealers() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Loading dealers">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="card h-36 animate-pulse bg-slate-100 motion-reduce:animate-none dark:bg-slate-800" />
      ))}
    </ul>
  );
}

export function DealersNearYou({ brandId, brandSlug, brandName }: DealersNearYouProps) {
  const sectionRef = useRef<HTMLElement>(null);
  // None on the server (the page is shared); the browser's own choice once the app runs.
  const [province, setProvince] = useState("");
  const [near, setNear] = useState(false);

  useEffect(() => {
    // A province chosen before the app ran comes after this, as a change (app/lib/early-input.ts).
    setProvince(rememberedProvince());
  }, []);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, []);

  const choose = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    rememberProvince(value);
    setProvince(value);
    setNear(true);
  };

  return (
    <section ref={sectionRef} aria-labelledby="dealers-near-heading" className="mt-12 scroll-mt-24">
      <h2 id="dealers-near-heading" className="mb-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
        {brandName} dealers <span className="text-primary-700 dark:text-primary-300">near you</span>
      </h2>
      <Form method="get" action={DEALER_DIRECTORY_PATH} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={`Find ${brandName} dealers`}>
        <input type="hidden" name="brand" value={brandSlug} />
        <input type="hidden" name="sells" value="new" />
        <div className="sm:w-72">
          <label htmlFor="nearby-province" className="mb-1.5 block text-sm font-bold">
            Your province
          </label>
          <select id="nearby-province" name="province" value={province} onChange={choose} className="input py-2">
            <option value="">Choose your province</option>
            {provinces.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          See {brandName} dealers
        </button>
      </Form>
      <div aria-live="polite" className="mt-4">
        {province === "" ? (
          <p className="text-slate-600 dark:text-slate-400">
            Choose your province to see {brandName} dealers selling new cars near you, or{" "}
            <Link to={nearbyDirectoryUrl(brandSlug)} className="link">
              see every {brandName} dealer in South Africa
            </Link>
            .
          </p>
        ) : near ? (
          <Suspense fallback={<LoadingDealers />}>
            <NearbyDealersList brandId={brandId} brandSlug={brandSlug} brandName={brandName} province={province} loading={<LoadingDealers />} />
          </Suspense>
        ) : (
          <LoadingDealers />
        )}
      </div>
    </section>
  );
}
