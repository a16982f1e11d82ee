import { Store, User } from "lucide-react";
import { Link } from "react-router";
import { SELL_PATH } from "../../../urls";

// "Who is selling this car?": shown to a member of a dealership before a new ad starts, so a
// private car and the dealership's stock never mix.

export const SELL_FOR_PARAM = "pour";
export const SELL_FOR_MYSELF = "moi";

export function SellerChoice({ dealers }: { dealers: { dealerId: number; dealerName: string }[] }) {
  return (
    <div className="container-page py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        <p className="text-sm font-semibold text-primary-700 dark:text-primary-300">Sell a car</p>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">Who is selling this car?</h1>
        <ul className="mt-6 grid gap-3">
          {dealers.map((dealer) => (
            <li key={dealer.dealerId}>
              <Link to={`${SELL_PATH}?${SELL_FOR_PARAM}=${dealer.dealerId}`} className="card flex items-center gap-3 p-4 hover:border-primary-400">
                <Store aria-hidden="true" className="size-6 shrink-0 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
                <span>
                  <span className="block font-bold">{dealer.dealerName}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">Dealer stock: no limit of 10 ads, your stock number, leads in the dashboard</span>
                </span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={`${SELL_PATH}?${SELL_FOR_PARAM}=${SELL_FOR_MYSELF}`} className="card flex items-center gap-3 p-4 hover:border-primary-400">
              <User aria-hidden="true" className="size-6 shrink-0 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
              <span>
                <span className="block font-bold">Me, as a private seller</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">Your own car, in My ads</span>
              </span>
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
