import { Link } from "react-router";
import { displayedStatus, errorHeading } from "~/lib/errors";

export function ErrorPage({ status, message }: { status: number; message?: string }) {
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
    </section>
  );
}
