// Types for report-counts.mjs (plain JavaScript so scripts/test.mjs and CI can run it without a build).
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export function vitestCounts(file: string, exitCode: number): Counts;
export function playwrightCounts(file: string, exitCode: number): Counts;
export function failedTestNames(kind: "vitest" | "playwright", file: string): string[];
export function slowest(kind: "files" | "playwright", file: string, count?: number): { seconds: number; label: string }[];
export function formatSeconds(seconds: number, label: string): string;
export function formatCounts(counts: Counts): string;
