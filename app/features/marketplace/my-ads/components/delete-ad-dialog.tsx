import type { FetcherWithComponents } from "react-router";
import { ModalClose, ModalDialog } from "~/ui/modal-dialog";
import { MY_ADS_PATH, SCRIPTED_FIELD } from "../my-ads-rules";

// "Delete this ad?" in the site's dialog (loaded on the first press of Delete). The form posts
// through the page's fetcher, so the dialog can close at once while the list updates.

export default function DeleteAdDialog({
  ad,
  open,
  onOpenChange,
  fetcher,
}: {
  ad: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fetcher: FetcherWithComponents<unknown>;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this ad?"
      description={`The ad for the ${ad.title}, its photos and its figures are deleted for good. This cannot be undone.`}
      initialFocus="button[data-cancel]"
    >
      <form
        method="post"
        action={MY_ADS_PATH}
        className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        onSubmit={(event) => {
          event.preventDefault();
          void fetcher.submit(event.currentTarget, { method: "post", action: MY_ADS_PATH });
          onOpenChange(false);
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="adId" value={ad.id} />
        <input type="hidden" name="confirm" value="yes" />
        <input type="hidden" name={SCRIPTED_FIELD} value="1" />
        <ModalClose type="button" className="btn-secondary" data-cancel="">
          Keep the ad
        </ModalClose>
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
          Delete for good
        </button>
      </form>
    </ModalDialog>
  );
}
