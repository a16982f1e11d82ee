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

/** Whether a review was changed after it was first written (more than a minute later). */
export function wasEdited(review: { createdAt: string; updatedAt: string }): boolean {
  return new Date(review.updatedAt).getTime() - new Date(review.createdAt).getTime() > 60_000;
}
