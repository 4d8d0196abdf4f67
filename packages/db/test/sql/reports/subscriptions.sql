-- The SQL of packages/db/src/reports/subscriptions.ts, written by src/sql-snapshots.unit.test.ts

-- addSubscriptionItems
insert into "report_subscription_items" ("subscription_id", "event_id", "traceparent") select "s"."subscription_id", "e"."event_id", $1::text as "traceparent" from "report_events" as "e" inner join "report_subscriptions" as "s" on "s"."partner_id" = "e"."partner_id" and "s"."category_code" = "e"."category_code" where "e"."event_id" in ($2) and "e"."event_type" in ($3, $4) and (cardinality(s.frequency_type_codes) = $5 or "e"."frequency_type_code" = any(s.frequency_type_codes)) on conflict do nothing;

-- claimPendingItems
select "p"."name" as "partnerName", "c"."name" as "categoryName", "s"."subscription_id" as "subscriptionId", "s"."user_id" as "userId", "u"."email", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "s"."category_code" as "categoryCode", "s"."unsubscribe_token" as "unsubscribeToken" from "report_subscriptions" as "s" inner join "users" as "u" on "u"."user_id" = "s"."user_id" inner join "partners" as "p" on "p"."partner_id" = "s"."partner_id" inner join "report_categories" as "c" on "c"."code" = "s"."category_code" where "s"."subscription_id" = $1 for update of "s" skip locked;

-- deleteSubscription
delete from "report_subscriptions" where "subscription_id" = $1 and "user_id" = $2;

-- findByUnsubscribeToken
select "p"."name" as "partnerName", "c"."name" as "categoryName", "s"."subscription_id" as "subscriptionId" from "report_subscriptions" as "s" inner join "partners" as "p" on "p"."partner_id" = "s"."partner_id" inner join "report_categories" as "c" on "c"."code" = "s"."category_code" where "s"."unsubscribe_token" = $1;

-- findSubscription
select "p"."name" as "partnerName", "c"."name" as "categoryName", "s"."subscription_id" as "subscriptionId", "s"."user_id" as "userId", "s"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "s"."category_code" as "categoryCode", "s"."frequency_type_codes" as "frequencyTypeCodes", (select coalesce(json_agg(agg), '[]') from (select "f"."code", "f"."name" from "frequency_types" as "f" where "f"."code" = any(s.frequency_type_codes) order by "f"."code") as agg) as "frequencyTypes", "s"."delivery", "s"."digest_time" as "digestTime", "s"."paused_reason" as "pausedReason", "s"."last_sent_at" as "lastSentAt", "s"."created_at" as "createdAt", (select count(*) as "n" from "report_subscription_items" as "i" where "i"."subscription_id" = "s"."subscription_id") as "pending" from "report_subscriptions" as "s" inner join "partners" as "p" on "p"."partner_id" = "s"."partner_id" inner join "report_categories" as "c" on "c"."code" = "s"."category_code" where "s"."subscription_id" = $1;

-- findSubscriptionFor
select "p"."name" as "partnerName", "c"."name" as "categoryName", "s"."subscription_id" as "subscriptionId", "s"."user_id" as "userId", "s"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "s"."category_code" as "categoryCode", "s"."frequency_type_codes" as "frequencyTypeCodes", (select coalesce(json_agg(agg), '[]') from (select "f"."code", "f"."name" from "frequency_types" as "f" where "f"."code" = any(s.frequency_type_codes) order by "f"."code") as agg) as "frequencyTypes", "s"."delivery", "s"."digest_time" as "digestTime", "s"."paused_reason" as "pausedReason", "s"."last_sent_at" as "lastSentAt", "s"."created_at" as "createdAt", (select count(*) as "n" from "report_subscription_items" as "i" where "i"."subscription_id" = "s"."subscription_id") as "pending" from "report_subscriptions" as "s" inner join "partners" as "p" on "p"."partner_id" = "s"."partner_id" inner join "report_categories" as "c" on "c"."code" = "s"."category_code" where "s"."user_id" = $1 and "s"."partner_id" = $2 and "s"."category_code" = $3;

-- isFollowing
select "subscription_id" from "report_subscriptions" where "user_id" = $1 and "partner_id" = $2 and "category_code" = $3;

-- listPendingSubscriptions
select "s"."subscription_id" as "subscriptionId", "s"."delivery", "s"."digest_time" as "digestTime", min("i"."added_at") as "firstPendingAt", (array_agg(i.traceparent order by i.added_at))[1] as "traceparent" from "report_subscription_items" as "i" inner join "report_subscriptions" as "s" on "s"."subscription_id" = "i"."subscription_id" group by "s"."subscription_id", "s"."delivery", "s"."digest_time";

-- listSubscriptionsOf
select "p"."name" as "partnerName", "c"."name" as "categoryName", "s"."subscription_id" as "subscriptionId", "s"."user_id" as "userId", "s"."partner_id" as "partnerId", "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "s"."category_code" as "categoryCode", "s"."frequency_type_codes" as "frequencyTypeCodes", (select coalesce(json_agg(agg), '[]') from (select "f"."code", "f"."name" from "frequency_types" as "f" where "f"."code" = any(s.frequency_type_codes) order by "f"."code") as agg) as "frequencyTypes", "s"."delivery", "s"."digest_time" as "digestTime", "s"."paused_reason" as "pausedReason", "s"."last_sent_at" as "lastSentAt", "s"."created_at" as "createdAt", (select count(*) as "n" from "report_subscription_items" as "i" where "i"."subscription_id" = "s"."subscription_id") as "pending" from "report_subscriptions" as "s" inner join "partners" as "p" on "p"."partner_id" = "s"."partner_id" inner join "report_categories" as "c" on "c"."code" = "s"."category_code" where "s"."user_id" = $1 order by "p"."name", "c"."name";

-- markSubscriptionSent
update "report_subscriptions" set "last_sent_at" = $1, "paused_reason" = $2 where "subscription_id" = $3;

-- partnerOffersCategory
select "pc"."category_code" from "partner_categories" as "pc" inner join "partners" as "p" on "p"."partner_id" = "pc"."partner_id" where "p"."access_type_code" = $1 and "p"."code" = $2 and "pc"."category_code" = $3;

-- saveSubscription
insert into "report_subscriptions" ("user_id", "partner_id", "category_code", "unsubscribe_token", "frequency_type_codes", "delivery", "digest_time", "paused_reason", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8, now()) on conflict ("user_id", "partner_id", "category_code") do update set "frequency_type_codes" = $9, "delivery" = $10, "digest_time" = $11, "paused_reason" = $12, "updated_at" = now() returning "subscription_id";

-- unsubscribeByToken
with "gone" as (delete from "report_subscriptions" where "unsubscribe_token" = $1 returning "subscription_id", "partner_id", "category_code") select "p"."name" as "partnerName", "c"."name" as "categoryName", "gone"."subscription_id" as "subscriptionId" from "gone" inner join "partners" as "p" on "p"."partner_id" = "gone"."partner_id" inner join "report_categories" as "c" on "c"."code" = "gone"."category_code";
