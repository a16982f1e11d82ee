import { Banknote, BookOpen, ClipboardCheck, Clock, FileText, IdCard, type LucideIcon, ShieldCheck, Sticker } from "lucide-react";
import { Link } from "react-router";
import { southAfricanDay } from "~/lib/south-african-time";
import { formatGuideDate, readingTimeText } from "../guide-display";
import { guidePath, guideTaxonomyPath } from "../guide-urls";
import type { GuideCard as GuideCardData, GuideTaxonomy } from "../guides.server";

const taxonomyIcons: Record<string, LucideIcon> = {
  "permis-de-conduire": IdCard,
  "assurer-mon-vehicule": ShieldCheck,
  "financer-mon-vehicule": Banknote,
  immatriculation: FileText,
  "controle-technique": ClipboardCheck,
  vignette: Sticker,
};

export function TaxonomyIcon({ slug, className = "size-5" }: { slug: string; className?: string }) {
  const Icon = taxonomyIcons[slug] ?? BookOpen;
  return <Icon className={className} strokeWidth={1.75} aria-hidden="true" />;
}

/** "6 min read · Updated 2 October 2026" */
export function GuideFacts({ readingMinutes, updatedAt, className = "" }: { readingMinutes: number; updatedAt: Date | string; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400 ${className}`}>
      <span className="inline-flex items-center gap-1">
        <Clock className="size-4" strokeWidth={1.75} aria-hidden="true" />
        {readingTimeText(readingMinutes)}
      </span>
      <span>
        Updated <time dateTime={southAfricanDay(updatedAt)}>{formatGuideDate(updatedAt)}</time>
      </span>
    </p>
  );
}

export function GuideCardView({ taxonomySlug, guide }: { taxonomySlug: string; guide: GuideCardData }) {
  return (
    <article className="card relative flex h-full flex-col p-5 transition-colors hover:border-primary-400 dark:hover:border-primary-500">
      <h3 className="text-lg leading-snug font-bold">
        <Link to={guidePath(taxonomySlug, guide.slug)} className="after:absolute after:inset-0 hover:text-primary-700 dark:hover:text-primary-300">
          {guide.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 leading-6 text-slate-700 dark:text-slate-300">{guide.summary}</p>
      <GuideFacts readingMinutes={guide.readingMinutes} updatedAt={guide.updatedAt} className="mt-4" />
    </article>
  );
}

/** Links to every taxonomy; the current one is marked, not linked. */
export function TaxonomyLinks({ taxonomies, current }: { taxonomies: GuideTaxonomy[]; current: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {taxonomies.map((taxonomy) => (
        <li key={taxonomy.slug}>
          {taxonomy.slug === current ? (
            <span
              aria-current="page"
              className="inline-flex items-center gap-1.5 rounded-full bg-primary-600 px-3 py-1.5 text-sm font-semibold text-white dark:bg-primary-500 dark:text-slate-950"
            >
              <TaxonomyIcon slug={taxonomy.slug} className="size-4" />
              {taxonomy.menuLabel}
            </span>
          ) : (
            <Link
              to={guideTaxonomyPath(taxonomy.slug)}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:border-primary-500 hover:text-primary-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:text-primary-300"
            >
              <TaxonomyIcon slug={taxonomy.slug} className="size-4" />
              {taxonomy.menuLabel}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
