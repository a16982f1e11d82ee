import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { MY_ADS_PATH } from "../my-ads-rules";

// Delete's confirm step without scripts (/mon-compte/annonces?supprimer=ID): the same question
// as the dialog, as a plain form on the page.

export function DeleteAdConfirmStep({ ad }: { ad: { id: number; title: string } }) {
  return (
    <section aria-labelledby="confirm-delete-heading" className="card mt-6 border-red-300 p-5 dark:border-red-900" data-testid="confirm-delete">
      <h2 id="confirm-delete-heading" className="flex items-center gap-2 text-lg font-bold">
        <TriangleAlert aria-hidden="true" className="size-5 text-red-700 dark:text-red-400" strokeWidth={1.75} />
        Delete this ad?
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The ad for the {ad.title}, its photos and its figures are deleted for good. This cannot be undone. (Sold it? Mark it as sold instead.)
      </p>
      <form method="post" action={MY_ADS_PATH} className="mt-4 flex flex-col-reverse gap-3 sm:flex-row">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="adId" value={ad.id} />
        <input type="hidden" name="confirm" value="yes" />
        <Link to={MY_ADS_PATH} className="btn-secondary">
          Keep the ad
        </Link>
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
          Yes, delete it
        </button>
      </form>
    </section>
  );
}
