import { CircleCheck, Clock, Link2Off } from "lucide-react";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { SubscribeAgainButton } from "~/features/newsletter/components/newsletter-panel";
import { StatusPanel } from "~/ui/status-panel";
import { confirmSubscription } from "~/features/newsletter/mutations.server";
import { captchaEnabled } from "~/lib/captcha.server";
import { publicUrl } from "~/lib/env.server";
import { pageMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import type { Route } from "./+types/confirm";

// GET /newsletter/confirmer?token=…: the double opt-in link from the confirmation mail.

const STATUS = { confirmed: 200, malformed: 400, "not-found": 404, expired: 410 } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const result = await confirmSubscription(new URL(request.url).searchParams.get("token"));
  return data(
    { result: result.status, captcha: captchaEnabled(), origin: publicUrl() },
    { status: STATUS[result.status], headers: { "cache-control": "no-store" } },
  );
}

// The token is spent on first use: re-running the loader after an action elsewhere on the page
// (e.g. the newsletter dialog) would turn "confirmed" into "not valid".
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.search !== nextUrl.search && defaultShouldRevalidate;
}

const iconClass = "size-7";

export default function ConfirmPage({ loaderData }: Route.ComponentProps) {
  const { result, captcha } = loaderData;
  const home = (
    <Link to="/" className={result === "confirmed" ? "btn-primary w-full sm:w-auto" : "btn-secondary w-full sm:w-auto"}>
      Back to the home page
    </Link>
  );

  if (result === "confirmed") {
    return (
      <StatusPanel tone="success" icon={<CircleCheck className={iconClass} strokeWidth={1.75} />} heading="Subscription confirmed" actions={home}>
        <p>Thank you: your email address is confirmed. Once a week you will receive new launches, price changes and the best deals in South Africa.</p>
        <p>We have sent you a welcome email. Every newsletter has a link to unsubscribe in one click.</p>
      </StatusPanel>
    );
  }

  const again = <SubscribeAgainButton captcha={captcha} />;
  if (result === "expired") {
    return (
      <StatusPanel tone="problem" icon={<Clock className={iconClass} strokeWidth={1.75} />} heading="This confirmation link has expired" actions={<>{again}{home}</>}>
        <p>Confirmation links are valid for 7 days. Subscribe again and we will send you a new link.</p>
      </StatusPanel>
    );
  }
  if (result === "malformed") {
    return (
      <StatusPanel tone="problem" icon={<Link2Off className={iconClass} strokeWidth={1.75} />} heading="This confirmation link is incomplete" actions={<>{again}{home}</>}>
        <p>The link seems to be cut short or mistyped. Open it again from the email, or copy the whole address into your browser.</p>
        <p>You can also subscribe again to receive a new link.</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel tone="problem" icon={<Link2Off className={iconClass} strokeWidth={1.75} />} heading="This confirmation link is not valid" actions={<>{again}{home}</>}>
      <p>It may have been used already: if you confirmed your subscription before, there is nothing more to do.</p>
      <p>Otherwise, subscribe again and we will send you a new link.</p>
    </StatusPanel>
  );
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.result === "confirmed" ? "Subscription confirmed" : "Newsletter confirmation",
    description: `Confirm your subscription to the ${site.name} newsletter.`,
    pathname: location.pathname,
    origin: loaderData?.origin ?? site.url,
    noindex: true,
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}
