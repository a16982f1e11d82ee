import { data } from "react-router";

// Spec section 8: an invalid route parameter and an unmatched route both answer 404, with
// slightly different messages.
export function invalidParameter(pathname: string): never {
  throw data(`Page Not Found: ${pathname}`, { status: 404 });
}

export function routeNotFound(pathname: string): never {
  throw data(`Page not found: ${pathname}`, { status: 404 });
}

/** A route id is a positive integer written in plain digits; anything else is the 404 page. */
export function parseNumericId(value: string | undefined, pathname: string): number {
  if (!value || !/^\d{1,9}$/.test(value)) invalidParameter(pathname);
  const id = Number(value);
  if (id <= 0) invalidParameter(pathname);
  return id;
}

export function errorHeading(status: number): string {
  if (status === 404 || status === 301) return "oops! Page introuvable";
  if (status === 500) return "oops! Désolé, une erreur s'est produite";
  return "oops!";
}

/** The large status code on the error page; a 301 shows as 404. */
export function displayedStatus(status: number): number {
  return status === 301 ? 404 : status;
}
