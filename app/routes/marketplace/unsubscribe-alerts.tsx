import { data } from "react-router";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribeAction } from "~/features/marketplace/search/saved-search-actions.server";
import { savedSearchOfToken } from "~/features/marketplace/search/saved-search-alerts.server";
import { SAVED_SEARCHES_PATH } from "~/features/marketplace/search/saved-search-rules";
import { routeMeta } from "~/lib/seo";
import { MailStopPage } from "~/ui/mail-stop-page";
import type { Route } from "./+types/unsubscribe-alerts";

// /alertes/desabonnement?token=…: a saved search's alert mail's unsubscribe link, no sign-in. GET
// only asks (mail scanners open links); the POST (the button, or the mail provider's RFC 8058
// one-click POST) switches the alerts off. The token is the authority: see unsubscribeAction.

export async function loader({ request }: Route.LoaderArgs) {
  const found = await savedSearchOfToken(new URL(request.url).searchParams.get("token"));
  if (!found) return data({ state: "invalid" as const, message: INVALID_UNSUBSCRIBE_LINK }, { status: 400 });
  return { state: "confirm" as const, name: found.name, alertsOn: found.alertsOn };
}

export async function action({ request, context }: Route.ActionArgs) {
  return unsubscribeAction(request, context);
}

export default function UnsubscribeAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  const name = answer.state === "invalid" ? "" : answer.name;
  return (
    <MailStopPage
      answer={answer.state === "confirm" ? { state: "confirm", mailsOn: answer.alertsOn } : answer}
      words={{
        manage: { to: SAVED_SEARCHES_PATH, label: "Your saved searches", inSentence: "your saved searches" },
        confirmHeading: <>Stop the alerts for «{name}»?</>,
        confirmText: "You will no longer get a mail when new cars match this saved search. The search itself stays in your account.",
        stopButton: "Stop these alerts",
        stoppedHeading: "Alerts stopped",
        stoppedText: (
          <>
            You will no longer receive alerts for <strong className="break-words">«{name}»</strong>.
          </>
        ),
      }}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Saved-search alerts", description: "Stop the mail alerts of a saved used-car search.", noindex: true });
}
