// The account pages' addresses, in one place (app/routes.ts maps them to modules).
export const accountUrls = {
  login: "/login",
  register: "/register",
  logout: "/logout",
  socialSignIn: "/login/social",
  account: "/mon-compte",
  accountDeleted: "/compte/supprime",
  forgotPassword: "/mot-de-passe-oublie",
  newPassword: "/mot-de-passe/nouveau",
  verifyEmail: "/compte/verification",
} as const;

/** /login?redirectTo=… for a same-site path (anything else is left out). */
export function loginUrl(redirectTo?: string): string {
  return redirectTo && redirectTo !== "/" ? `${accountUrls.login}?redirectTo=${encodeURIComponent(redirectTo)}` : accountUrls.login;
}
