import type { DraftPhoto } from "../../../../../db/schema/marketplace";
import { photoUrl } from "../../photos";

// The photos step's list of the draft's photos, cover first.

export function PhotosStep({ photos }: { draftId: number; photos: DraftPhoto[]; returnTo: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Your photos">
      {photos.map((p, i) => (
        <li key={p.key}>
          <img src={photoUrl(p.key, 320)} width={320} height={240} alt={`Photo ${i + 1}${i === 0 ? " (cover)" : ""}`} className="rounded-md object-cover" />
        </li>
      ))}
    </ul>
  );
}
