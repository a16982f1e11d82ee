import { Plus } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from "react";
import { Form, useNavigate } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { formatPrice } from "~/lib/format";
import type { PickerState, PickerVersion } from "../comparison.server";
import { COMPARATOR_PATH } from "../rules";

type MenuBrand = { id: number; name: string; models: { id: number; name: string }[] };

// The brand list with models is the header menu's own endpoint: one request, cached by the browser.
let brandMenu: Promise<MenuBrand[]> | undefined;
function loadBrandMenu(): Promise<MenuBrand[]> {
  brandMenu ??= fetch("/menus/brands.json").then((r) => {
    if (!r.ok) throw new Error(`brand menu: ${r.status}`);
    return r.json() as Promise<MenuBrand[]>;
  });
  brandMenu.catch(() => (brandMenu = undefined));
  return brandMenu;
}

async function loadVersions(modelId: number): Promise<PickerVersion[]> {
  const response = await fetch(`/menus/model-versions.json?model=${modelId}`);
  if (!response.ok) throw new Error(`model versions: ${response.status}`);
  return response.json() as Promise<PickerVersion[]>;
}

const selectClass = "input mt-1";
const labelClass = "block text-sm font-semibold";

/**
 * Brand → model → version. Without JavaScript each step is a GET form (pick_brand, then
 * pick_model, then versions=…,NEW); with it the selects fill in place and "Add" navigates.
 */
export function CarPicker({ picker, ids, diff, prominent = false }: { picker: PickerState; ids: number[]; diff: boolean; prominent?: boolean }) {
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [brandId, setBrandId] = useState(picker.brandId);
  const [models, setModels] = useState(picker.models);
  const [modelId, setModelId] = useState(picker.modelId);
  const [versions, setVersions] = useState(picker.versions);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");

  // A new page (another car added or removed) starts the picker again from what the URL says.
  useEffect(() => {
    setBrandId(picker.brandId);
    setModels(picker.models);
    setModelId(picker.modelId);
    setVersions(picker.versions);
  }, [picker]);

  const onBrand = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = Number(event.target.value) || null;
    setBrandId(next);
    setModelId(null);
    setVersions([]);
    setModels([]);
    if (next === null) return;
    setStatus("loading");
    try {
      const menu = await loadBrandMenu();
      setModels(menu.find((b) => b.id === next)?.models.map((m) => ({ id: m.id, name: m.name })) ?? []);
      setStatus("idle");
    } catch {
      setStatus("error");
    }
  };

  const onModel = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = Number(event.target.value) || null;
    setModelId(next);
    setVersions([]);
    if (next === null) return;
    setStatus("loading");
    try {
      setVersions(await loadVersions(next));
      setStatus("idle");
    } catch {
      setStatus("error");
    }
  };

  // With scripts the new address is written by hand, commas and all (a form would encode them).
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    const value = new FormData(event.currentTarget).get("versions");
    if (typeof value !== "string" || !value) return;
    event.preventDefault();
    void navigate(`${COMPARATOR_PATH}?versions=${value}${diff ? "&diff=1" : ""}`);
  };

  const keep = (
    <>
      {ids.length > 0 ? <input type="hidden" name="versions" value={ids.join(",")} /> : null}
      {diff ? <input type="hidden" name="diff" value="1" /> : null}
    </>
  );
  // Without scripts each step is sent by its button; with them the selects fill in place and the
  // buttons stay for assistive technology, out of sight. The media query (scripting: none) decides,
  // not hydration, so the picker keeps its size when the scripts start (no layout shift).
  const stepButton = "sr-only noscript:not-sr-only noscript:btn-secondary noscript:mt-2 noscript:w-full";

  return (
    <section aria-labelledby={`${id}-title`} className={`card p-4 sm:p-5 ${prominent ? "border-primary-300 dark:border-primary-700" : ""}`} data-print="hide">
      <h2 id={`${id}-title`} className={`flex items-center gap-2 font-bold ${prominent ? "text-xl" : "text-lg"}`}>
        <Plus className="size-5 text-primary-600" strokeWidth={1.75} aria-hidden="true" />
        {ids.length === 0 ? "Choose a first car" : "Add a car"}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <Form method="get" action={COMPARATOR_PATH} preventScrollReset>
          {keep}
          <label htmlFor={`${id}-brand`} className={labelClass}>
            Brand
          </label>
          <select id={`${id}-brand`} name="pick_brand" className={selectClass} value={brandId ?? ""} onChange={onBrand}>
            <option value="">Choose a brand</option>
            {picker.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
          <button type="submit" className={stepButton} tabIndex={hydrated ? -1 : undefined}>
            Show models
          </button>
        </Form>

        <Form method="get" action={COMPARATOR_PATH} preventScrollReset>
          {keep}
          {brandId !== null ? <input type="hidden" name="pick_brand" value={brandId} /> : null}
          <label htmlFor={`${id}-model`} className={labelClass}>
            Model
          </label>
          <select id={`${id}-model`} name="pick_model" className={selectClass} value={modelId ?? ""} onChange={onModel} disabled={brandId === null || models.length === 0}>
            <option value="">{brandId === null ? "Choose a brand first" : "Choose a model"}</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
          <button type="submit" className={stepButton} tabIndex={hydrated ? -1 : undefined} disabled={brandId === null || models.length === 0}>
            Show versions
          </button>
        </Form>

        <Form method="get" action={COMPARATOR_PATH} onSubmit={onAdd}>
          <label htmlFor={`${id}-version`} className={labelClass}>
            Version
          </label>
          <select id={`${id}-version`} name="versions" className={selectClass} disabled={modelId === null || versions.length === 0} required defaultValue="" key={`${modelId}-${versions.length}`}>
            <option value="" disabled>
              {modelId === null ? "Choose a model first" : versions.length === 0 && status !== "loading" ? "No version on sale" : "Choose a version"}
            </option>
            {versions.map((v) => (
              <option key={v.id} value={[...ids, v.id].join(",")} disabled={ids.includes(v.id)}>
                {v.name} · {formatPrice(v.priceZar, { withCurrency: true })}
                {ids.includes(v.id) ? " (already compared)" : ""}
              </option>
            ))}
          </select>
          {diff ? <input type="hidden" name="diff" value="1" /> : null}
          <button type="submit" className="btn-primary mt-2 w-full" disabled={modelId === null || versions.length === 0}>
            <Plus className="size-4" strokeWidth={1.75} aria-hidden="true" />
            Add to the comparison
          </button>
        </Form>
      </div>
      <p className="sr-only" aria-live="polite">
        {status === "loading" ? "Loading…" : ""}
      </p>
      {status === "error" ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400" role="alert">
          The list could not be loaded. Please try again.
        </p>
      ) : null}
    </section>
  );
}
