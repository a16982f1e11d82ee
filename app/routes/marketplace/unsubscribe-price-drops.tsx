import { BellOff, CircleCheck, Link2Off } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { INVALID_PRICE_DROP_LINK, unsubscribePriceDropsAction } from "~/features/marketplace/ad-page/price-drop-actions.server";
import { priceDropTokenAccount } from "~/features/marketplace/ad-page/price-drop-mails.server";
import { FAVOURITES_PATH } from "~/features/marketplace/urls";
import { routeMeta } from "~/lib/seo";
import { SubmitButton } from "~/ui/form";
import { StatusPanel } from "~/ui/status-panel";
import type { Route } from "./+types/unsubscribe-price-drops";

// /alertes/baisses-de-prix/desabonnement?token=…: the favourites' price-drop mail's unsubscribe
// link, no sign-in. GET only asks (mail scanners open links); the POST (the button, or the mail
// provider's RFC 8058 one-click POST) switches the mails off.

export async function loader({ request }: Route.LoaderArgs) {
  const found = await priceDropTokenAccount(new URL(request.url).searchParams.get("token"));
  if (!found) return data({ state: "invalid" as const, message: INVALID_PRICE_DROP_LINK }, { status: 400 });
  return { state: "confirm" as const, mailsOn: found.mailsOn };
}

export async function action({ request, context }: Route.ActionArgs) {
  return unsubscribePriceDropsAction(request, context);
}

const favouritesLink = (
  <Link to={FAVOURITES_PATH} className="btn-secondary w-full sm:w-auto">
    Your favourites
  </Link>
);

export default function UnsubscribePriceDropsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData ?? loaderData;

  if (answer.state === "invalid") {
    return (
      <StatusPanel tone="problem" icon={<Link2Off className="size-7" strokeWidth={1.75} />} heading="This link does not work">
        <p role="alert">{answer.message}</p>
        <p className="flex justify-center">{favouritesLink}</p>
      </StatusPanel>
    );
  }
  if (answer.state === "done" || !answer.mailsOn) {
    return (
      <StatusPanel tone="success" icon={<CircleCheck className="size-7" strokeWidth={1.75} />} heading="Price-drop mails stopped">
        <p role="status">You will no longer receive mails when the price of a car in your favourites drops.</p>
        <p>
          Changed your mind? Turn them back on from <Link to={FAVOURITES_PATH} className="link">your favourites</Link> (you will be asked to sign in).
        </p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel tone="info" icon={<BellOff className="size-7" strokeWidth={1.75} />} heading="Stop the price-drop mails?">
      <p>You will no longer get a mail when a car in your favourites gets cheaper. Your favourites stay in your account.</p>
      <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Stopping…">
          Stop these mails
        </SubmitButton>
        {favouritesLink}
      </Form>
    </StatusPanel>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Price-drop mails", description: "Stop the mails about price drops on your favourite used cars.", noindex: true });
}
