import { data } from "react-router";
import { INVALID_PRICE_DROP_LINK, unsubscribePriceDropsAction } from "~/features/marketplace/ad-page/price-drop-actions.server";
import { priceDropTokenAccount } from "~/features/marketplace/ad-page/price-drop-mails.server";
import { FAVOURITES_PATH } from "~/features/marketplace/urls";
import { routeMeta } from "~/lib/seo";
import { MailStopPage } from "~/ui/mail-stop-page";
import type { Route } from "./+types/unsubscribe-price-drops";

// /alertes/baisses-de-prix/desabonnement?token=…: the favourites' price-drop mail's unsubscribe
// link, no sign-in (see MailStopPage).

export async function loader({ request }: Route.LoaderArgs) {
  const found = await priceDropTokenAccount(new URL(request.url).searchParams.get("token"));
  if (!found) return data({ state: "invalid" as const, message: INVALID_PRICE_DROP_LINK }, { status: 400 });
  return { state: "confirm" as const, mailsOn: found.mailsOn };
}

export async function action({ request, context }: Route.ActionArgs) {
  return unsubscribePriceDropsAction(request, context);
}

export default function UnsubscribePriceDropsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MailStopPage
      answer={actionData ?? loaderData}
      words={{
        manage: { to: FAVOURITES_PATH, label: "Your favourites", inSentence: "your favourites" },
        confirmHeading: "Stop the price-drop mails?",
        confirmText: "You will no longer get a mail when a car in your favourites gets cheaper. Your favourites stay in your account.",
        stopButton: "Stop these mails",
        stoppedHeading: "Price-drop mails stopped",
        stoppedText: "You will no longer receive mails when the price of a car in your favourites drops.",
      }}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Price-drop mails", description: "Stop the mails about price drops on your favourite used cars.", noindex: true });
}
