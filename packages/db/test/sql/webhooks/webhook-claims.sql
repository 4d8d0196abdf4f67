-- The SQL of packages/db/src/webhooks/webhook-claims.ts, written by src/sql-snapshots.unit.test.ts

-- claimWebhookDeliveries
begin;

    with recursive pending (endpoint_id) as (
      (select endpoint_id from webhook_deliveries where status = 'pending' order by endpoint_id limit 1)
      union all
      select (select d.endpoint_id from webhook_deliveries d
              where d.status = 'pending' and d.endpoint_id > p.endpoint_id
              order by d.endpoint_id limit 1)
      from pending p where p.endpoint_id is not null
    )
    select w.endpoint_id
    from pending p
    join webhook_endpoints w on w.endpoint_id = p.endpoint_id
    cross join lateral (
      select d.next_attempt_at from webhook_deliveries d
      where d.endpoint_id = w.endpoint_id and d.status = 'pending'
  and (d.claimed_until is null or d.claimed_until <= $1)
  and (d.next_attempt_at <= $2 or (w.enabled and w.next_probe_at is not null))
      order by d.next_attempt_at limit 1
    ) oldest
    where (not (w.enabled and w.next_probe_at is not null) or w.next_probe_at <= $3)
      and 
  (case when (w.enabled and w.next_probe_at is not null) then 1 else $4::int end)
  - (select count(*) from webhook_deliveries l
     where l.endpoint_id = w.endpoint_id and l.claimed_until > $5)::int > 0
    order by oldest.next_attempt_at
    limit $6
    for no key update of w skip locked
  ;
commit;
