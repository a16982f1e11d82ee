// How a review's author and dates are printed: a first name and an initial ("Naledi K."), never a
// full name, so a review names no one outright.

import { formatSouthAfricanDate } from "~/lib/south-african-time";

/** "Naledi Khumalo" → "Naledi K."; "Thabo M." stays; one word stays as it is. */
export function authorLabel(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A Voitura member";
  const first = words[0]!;
  if (words.length === 1) return first;
  const last = words[words.length - 1]!;
  return `${first} ${last.charAt(0).toLocaleUpperCase("en-ZA")}.`;
}

/** "3 March 2026" from an ISO timestamp, in South African time. */
export function formatReviewDate(iso: string): string {
  return formatSouthAfricanDate(iso);
}

/**
 * What the browser needs of a review printed as the server's HTML (a static island): its id, the
 * island's key and what the helpful vote and the report link say. A document carries the rest as
 * HTML only (decision 012); a client-side navigation gets whole reviews.
 */
export interface ReviewVoteShell {
  id: number;
  title: string;
  helpfulCount: number;
  updatedAt: string;
}

export function reviewVoteShell(review: ReviewVoteShell): ReviewVoteShell {
  return { id: review.id, title: review.title, helpfulCount: review.helpfulCount, updatedAt: review.updatedAt };
}

/** The key under which a model page's loader keeps its reviews for printing only (lib/printed-data). */
export const PRINTED_MODEL_REVIEWS = "model-review-texts";

/** Whether a review was changed after it was first written (more than a minute later). */
export function wasEdited(review: { createdAt: string; updatedAt: string }): boolean {
  return new Date(review.updatedAt).getTime() - new Date(review.createdAt).getTime() > 60_000;
}
