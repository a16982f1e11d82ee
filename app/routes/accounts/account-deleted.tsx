import { Link } from "react-router";
import { routeMeta } from "~/lib/seo";
import { AuthCard } from "./auth-card";
import type { Route } from "./+types/account-deleted";

export default function AccountDeletedPage() {
  return (
    <AuthCard title="Your account has been deleted">
      <p className="text-slate-700 dark:text-slate-300">
        Your account and the personal data tied to it have been removed, and you are signed out everywhere. Thank you for using Voitura.
      </p>
      <Link to="/" className="btn-primary mt-6 w-full justify-center">
        Back to the home page
      </Link>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Account deleted", noindex: true });
