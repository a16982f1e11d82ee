import type { DraftPhoto } from "../../../../../../db/schema/marketplace";
import { PhotoManager } from "../photo-manager";

// The photos step: the draft's photo manager (its own multipart forms, so it sits outside the
// step's form). At least one photo is needed to publish.

export function PhotosStep({ draftId, photos, returnTo }: { draftId: number; photos: DraftPhoto[]; returnTo: string }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">At least one photo is needed to publish your ad.</p>
      <PhotoManager draftId={draftId} photos={photos} returnTo={returnTo} />
    </div>
  );
}
