import { CircleCheck, Link2Off, MailMinus } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { SubscribeAgainButton } from "~/features/newsletter/components/newsletter-panel";
import { StatusPanel } from "~/ui/status-panel";
import { findByUnsubscribeToken, unsubscribe } from "~/features/newsletter/mutations.server";
import { maskEmail } from "~/features/newsletter/schemas";
import { captchaEnabled } from "~/lib/captcha.server";
import { publicUrl } from "~/lib/env.server";
import { assertSameOrigin, readForm } from "~/lib/security.server";
import { pageMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { SubmitButton } from "~/ui/form";
import type { Route } from "./+types/unsubscribe";

// /newsletter/desabonnement?token=…. GET only shows a button: mail scanners open links, so
// nothing changes before the visitor's POST (or a mail client's RFC 8058 one-click POST).

const STATUS = { found: 200, malformed: 400, "not-found": 404 } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const found = await findByUnsubscribeToken(token);
  return data(
    {
      lookup: found.status,
      token: found.status === "found" ? token : null,
      maskedEmail: found.status === "found" ? maskEmail(found.email) : null,
      alreadyUnsubscribed: found.status === "found" && found.subscription === "unsubscribed",
      captcha: captchaEnabled(),
      origin: publicUrl(),
    },
    { status: STATUS[found.status], headers: { "cache-control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request, 8 * 1024);
  const fromForm = form.get("token");
  const token = typeof fromForm === "string" && fromForm ? fromForm : new URL(request.url).searchParams.get("token");
  const result = await unsubscribe(token);
  const status = result.status === "unsubscribed" ? 200 : result.status === "malformed" ? 400 : 404;
  return data({ unsubscribed: result.status === "unsubscribed" }, { status, headers: { "cache-control": "no-store" } });
}

const iconClass = "size-7";

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lookup, token, maskedEmail, alreadyUnsubscribed, captcha } = loaderData;
  const navigation = useNavigation();
  const home = (
    <Link to="/" className="btn-secondary w-full sm:w-auto">
      Back to the home page
    </Link>
  );

  if (actionData?.unsubscribed || (lookup === "found" && alreadyUnsubscribed)) {
    return (
      <StatusPanel
        tone="success"
        icon={<CircleCheck className={iconClass} strokeWidth={1.75} />}
        heading="You have been unsubscribed."
        actions={
          <>
            <SubscribeAgainButton captcha={captcha} label="Subscribe again" />
            {home}
          </>
        }
      >
        <div role="status">
          <p>
            {maskedEmail ? <>The address {maskedEmail} </> : "This address "}
            will no longer receive the {site.name} newsletter.
          </p>
        </div>
        <p>Changed your mind? You can subscribe again at any time.</p>
      </StatusPanel>
    );
  }

  if (lookup === "found" && token) {
    return (
      <StatusPanel tone="info" icon={<MailMinus className={iconClass} strokeWidth={1.75} />} heading="Unsubscribe from the newsletter">
        <p>
          Do you want to stop receiving the {site.name} newsletter at <strong className="font-semibold">{maskedEmail}</strong>?
        </p>
        <Form method="post" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <input type="hidden" name="token" value={token} />
          <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Unsubscribing…">
            Unsubscribe
          </SubmitButton>
          {home}
        </Form>
      </StatusPanel>
    );
  }

  return (
    <StatusPanel
      tone="problem"
      icon={<Link2Off className={iconClass} strokeWidth={1.75} />}
      heading={lookup === "malformed" ? "This unsubscribe link is incomplete" : "This unsubscribe link is not valid"}
      actions={home}
    >
      <p>
        {lookup === "malformed"
          ? "The link seems to be cut short or mistyped. Open it again from the newsletter email, or copy the whole address into your browser."
          : "We could not find a subscription for this link. Use the unsubscribe link in the most recent newsletter email."}
      </p>
      <p>
        Still receiving emails you do not want? Write to us at{" "}
        <a className="link" href={`mailto:${site.contactEmail}`}>
          {site.contactEmail}
        </a>{" "}
        and we will remove your address.
      </p>
    </StatusPanel>
  );
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  return pageMeta({
    title: "Unsubscribe",
    description: `Unsubscribe from the ${site.name} newsletter.`,
    pathname: location.pathname,
    origin: loaderData?.origin ?? site.url,
    noindex: true,
  });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("cache-control") ? actionHeaders : loaderHeaders;
}
