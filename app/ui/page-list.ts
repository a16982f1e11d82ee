// Which page numbers a paged list links to; one rule for the search results and the news lists.

/** Page numbers to link: first, last, and two either side of the current one; null marks a gap. */
export function pageList(current: number, count: number): (number | null)[] {
  const pages = new Set<number>([1, count]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}
