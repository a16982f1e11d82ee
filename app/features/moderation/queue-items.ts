import type { ModerationSignal } from "./signals.server";

// What the moderation pages show of the queue and of one item, shared by the reads of each kind
// of item (queue.server.ts, dealer-ratings.server.ts) and the pages' parts.

export interface QueueItem {
  kind: "ad" | "review" | "dealer-rating" | "dealer-claim";
  id: number;
  title: string;
  statusLabel: string;
  path: string;
  openReports: number;
  /** "Looks like a scam (2)", most given first. */
  reasons: string[];
  /** The newest report or the seller's request, ISO. */
  latestAt: string;
  reviewRequested: boolean;
  signals: ModerationSignal[];
}

export interface ItemReport {
  reasonLabel: string;
  details: string;
  at: string;
  reporter: string;
  /** Whether it counts towards putting the item under review (a verified account a day old or more). */
  counts: boolean;
  settled: boolean;
}

export interface HistoryEntry {
  action: string;
  actor: string;
  reason: string;
  at: string;
}

export interface SellerAccount {
  userId: string;
  name: string;
  email: string;
  memberSince: string;
  bannedAt: string | null;
  banReason: string | null;
}
