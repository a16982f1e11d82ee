import { BellOff, CircleCheck, Link2Off } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribeAction } from "~/features/marketplace/search/saved-search-actions.server";
import { savedSearchOfToken } from "~/features/marketplace/search/saved-search-alerts.server";
import { SAVED_SEARCHES_PATH } from "~/features/marketplace/search/saved-search-rules";
import { routeMeta } from "~/lib/seo";
import { SubmitButton } from "~/ui/form";
import type { Route } from "./+types/unsubscribe-alerts";
import { StatusPanel } from "~/ui/status-panel";

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

const manageLink = (
  <Link to={SAVED_SEARCHES_PATH} className="btn-secondary w-full sm:w-auto">
    Your saved searches
  </Link>
);

export default function UnsubscribeAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData ?? loaderData;

  if (answer.state === "invalid") {
    return (
      <StatusPanel tone="problem" icon={<Link2Off className="size-7" strokeWidth={1.75} />} heading="This link does not work">
        <p role="alert">{answer.message}</p>
        <p className="flex justify-center">{manageLink}</p>
      </StatusPanel>
    );
  }
  if (answer.state === "done" || (answer.state === "confirm" && !answer.alertsOn)) {
    return (
      <StatusPanel tone="success" icon={<CircleCheck className="size-7" strokeWidth={1.75} />} heading="Alerts stopped">
        <p role="status">
          You will no longer receive alerts for <strong className="break-words">«{answer.name}»</strong>.
        </p>
        <p>
          Changed your mind? Turn them back on from <Link to={SAVED_SEARCHES_PATH} className="link">your saved searches</Link> (you will be asked to
          sign in).
        </p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel tone="info" icon={<BellOff className="size-7" strokeWidth={1.75} />} heading={<>Stop the alerts for «{answer.name}»?</>}>
      <p>You will no longer get a mail when new cars match this saved search. The search itself stays in your account.</p>
      <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Stopping…">
          Stop these alerts
        </SubmitButton>
        {manageLink}
      </Form>
    </StatusPanel>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Saved-search alerts", description: "Stop the mail alerts of a saved used-car search.", noindex: true });
}
