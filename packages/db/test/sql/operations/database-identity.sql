-- The SQL of packages/db/src/operations/database-identity.ts, written by src/sql-snapshots.unit.test.ts

-- databaseIdentity
insert into "database_identity" default values on conflict ("singleton") do nothing;
select "id" from "database_identity";
