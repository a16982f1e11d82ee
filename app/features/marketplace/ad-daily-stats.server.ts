import { sql, type SQL } from "drizzle-orm";

// An ad's views and phone reveals per South African day (used_ad_daily_stats, issue 46): the
// dealer dashboard's 30 days read them. The counters on used_ads stay the totals; each increment
// of one also adds to today's row, in the same statement, so the two never disagree.

/** Today's calendar day in South Africa (SAST, UTC+2 all year), whatever the session's time zone. */
export const southAfricanToday: SQL = sql`((now() at time zone 'UTC') + interval '2 hours')::date`;

/**
 * The upsert that adds one to today's `column` for the ids an UPDATE … RETURNING id named `counted`
 * returned: a data-modifying CTE of the caller's statement.
 */
export function dailyIncrement(column: "views" | "phone_reveals"): SQL {
  const name = sql.raw(column);
  return sql`insert into used_ad_daily_stats (ad_id, day, ${name})
    select id, ${southAfricanToday}, 1 from counted
    on conflict (ad_id, day) do update set ${name} = used_ad_daily_stats.${name} + 1`;
}
