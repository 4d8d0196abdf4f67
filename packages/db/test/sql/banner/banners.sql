-- The SQL of packages/db/src/banner/banners.ts, written by src/sql-snapshots.unit.test.ts

-- bannerTypeExists
select "banner_code" from "banner_types" where "banner_code" = $1;

-- createBanner
insert into "banners" ("banner_message", "banner_type", "time_to_live", "is_active", "activated_at", "updated_at") values ($1, $2, $3, $4, $5, $6) returning "banner_id" as "bannerId", "banner_message" as "bannerMessage", "banner_type" as "bannerType", "time_to_live" as "timeToLive", "is_active" as "isActive", "activated_at" as "activatedAt";
-- then threw: no result

-- disableBanner
update "banners" set "is_active" = $1, "updated_at" = $2 where "banner_id" = $3 returning "banner_id" as "bannerId", "banner_message" as "bannerMessage", "banner_type" as "bannerType", "time_to_live" as "timeToLive", "is_active" as "isActive", "activated_at" as "activatedAt";

-- findBanner
select "banner_id" as "bannerId", "banner_message" as "bannerMessage", "banner_type" as "bannerType", "time_to_live" as "timeToLive", "is_active" as "isActive", "activated_at" as "activatedAt" from "banners" where "banner_id" = $1;

-- listBanners
select "banner_id" as "bannerId", "banner_message" as "bannerMessage", "banner_type" as "bannerType", "time_to_live" as "timeToLive", "is_active" as "isActive", "activated_at" as "activatedAt" from "banners" order by "banner_id" desc;

-- listBannerTypes
select "banner_code" as "bannerCode", "alert_code" as "alertCode", "name" from "banner_types" order by "banner_code";

-- listShowingBanners
select "banner_id" as "bannerId", "banner_message" as "bannerMessage", "banner_type" as "bannerType", "time_to_live" as "timeToLive", "is_active" as "isActive", "activated_at" as "activatedAt" from "banners" where "is_active" = $1 and ("time_to_live" is null or activated_at + time_to_live * interval '1 second' > $2) order by "activated_at" desc;

-- updateBanner
update "banners" set "banner_message" = $1, "banner_type" = $2, "time_to_live" = $3, "is_active" = $4, "activated_at" = $5, "updated_at" = $6 where "banner_id" = $7 returning "banner_id" as "bannerId", "banner_message" as "bannerMessage", "banner_type" as "bannerType", "time_to_live" as "timeToLive", "is_active" as "isActive", "activated_at" as "activatedAt";
