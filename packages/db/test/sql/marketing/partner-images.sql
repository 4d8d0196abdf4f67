-- The SQL of packages/db/src/marketing/partner-images.ts, written by src/sql-snapshots.unit.test.ts

-- findPartnerImage
select "partner_code" as "partnerCode", "kind", "storage_key" as "storageKey", "content_type" as "contentType", "byte_size" as "byteSize", "updated_at" as "updatedAt", "updated_by" as "updatedBy" from "partner_images" where "partner_code" = $1 and "kind" = $2;

-- findPartnersByCode
select "access_type_code" as "accessTypeCode", "code" as "partnerCode" from "partners" where lower(code) = $1 order by "access_type_code";

-- hasLogo
select exists (select 1 from partner_images i where i.kind = 'LOGO' and i.partner_code = upper(btrim("partners"."code"))) as "hasLogo" from "partners";

-- listPartnerImages
select "partner_code" as "partnerCode", "kind", "storage_key" as "storageKey", "content_type" as "contentType", "byte_size" as "byteSize", "updated_at" as "updatedAt", "updated_by" as "updatedBy" from "partner_images" where "partner_code" = $1;

-- listPartnerSummaries
select "p"."access_type_code" as "accessTypeCode", "a"."name" as "accessTypeName", "p"."code", "p"."name", exists (select 1 from partner_images i where i.kind = 'LOGO' and i.partner_code = upper(btrim("p"."code"))) as "hasLogo" from "partners" as "p" inner join "access_types" as "a" on "a"."code" = "p"."access_type_code" where ("p"."access_type_code" = $1 and lower(p.code) = $2) order by "p"."access_type_code", "p"."name";

-- savePartnerImage
select "partner_code" as "partnerCode", "kind", "storage_key" as "storageKey", "content_type" as "contentType", "byte_size" as "byteSize", "updated_at" as "updatedAt", "updated_by" as "updatedBy" from "partner_images" where "partner_code" = $1 and "kind" = $2 for update;
insert into "partner_images" ("partner_code", "kind", "storage_key", "content_type", "byte_size", "updated_at", "updated_by") values ($1, $2, $3, $4, $5, $6, $7) on conflict ("partner_code", "kind") do update set "storage_key" = $8, "content_type" = $9, "byte_size" = $10, "updated_at" = $11, "updated_by" = $12;
