import { Link } from "react-router";
import { displayedStatus, errorHeading } from "~/lib/errors";
import { REQUEST_REFERENCE_ID } from "~/lib/request-reference";

export function ErrorPage({ status, message, reference }: { status: number; message?: string; reference?: string }) {
  const shown = displayedStatus(status);
  return (
    <section className="container-page flex flex-col items-center py-16 text-center sm:py-24" aria-labelledby="error-heading">
      <p className="tabular text-8xl font-black tracking-tight text-primary-600 sm:text-9xl dark:text-primary-400" aria-hidden="true">
        {shown}
      </p>
      <h1 id="error-heading" className="mt-4 text-2xl font-bold sm:text-3xl">
        <span className="sr-only">{shown} </span>
        {errorHeading(status)}
      </h1>
      {message ? <p className="mt-3 max-w-xl break-words text-slate-600 dark:text-slate-400">{message}</p> : null}
      <Link to="/" className="btn-primary mt-8">
        Retour à la page d'accueil
      </Link>
      {reference ? (
        <p id={REQUEST_REFERENCE_ID} data-reference={reference} className="mt-8 text-sm text-slate-600 dark:text-slate-400">
          Reference: <code className="select-all font-mono wrap-anywhere">{reference}</code>
        </p>
      ) : null}
    </section>
  );
}
