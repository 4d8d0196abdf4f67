-- The SQL of packages/db/src/faq-and-support/faqs.ts, written by src/sql-snapshots.unit.test.ts

-- createFaq
insert into "faqs" ("question", "answer", "updated_at") values ($1, $2, $3) returning "faq_id" as "id", "question", "answer";

-- deleteFaq
delete from "faqs" where "faq_id" = $1 returning "faq_id" as "id", "question", "answer";

-- findFaq
select "faq_id" as "id", "question", "answer" from "faqs" where "faq_id" = $1;

-- listFaqs
select "faq_id" as "id", "question", "answer" from "faqs" order by "faq_id";

-- updateFaq
update "faqs" set "question" = $1, "answer" = $2, "updated_at" = $3 where "faq_id" = $4 returning "faq_id" as "id", "question", "answer";
