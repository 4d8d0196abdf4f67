-- The SQL of packages/db/src/datasets/datasets.ts, written by src/sql-snapshots.unit.test.ts

-- findDataset
select "catalog_id" as "catalogId", "object_key" as "objectKey" from "datasets" where "catalog_id" = $1;

-- registerDataset
select "object_key" from "datasets" where "catalog_id" = $1 for update;
insert into "datasets" ("catalog_id", "object_key") values ($1, $2) on conflict ("catalog_id") do update set "object_key" = excluded.object_key;
