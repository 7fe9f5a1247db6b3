import pg from 'pg';

/**
 * Fills one account with a large portfolio in a few set-based statements: `properties`
 * properties, four compliance items each with their library requirements (nine a property),
 * and `inspections` inspections spread over two years around today, a fifth of them open.
 * The requirements other than the principal ones are due over four months around today, so
 * some are due with nothing scheduled, as in a real portfolio.
 */
export async function seedPortfolio(url: string, userId: number, counts: { properties: number; inspections: number }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into properties (organization_id, name, property_type, address_line1, city, state, zip, manager_email, created_at)
       select $1, 'Property ' || g, (array['commercial','retail','healthcare','education','residential','industrial','other'])[1 + g % 7]::property_type,
         g || ' Main Street', (array['Austin','Boston','Chicago','Denver','Seattle'])[1 + g % 5], 'TX', lpad((g % 99999)::text, 5, '0'),
         'manager' || g || '@example.com', now() - (g || ' minutes')::interval
       from generate_series(1, $2) g`,
      [userId, counts.properties],
    );
    await client.query(
      `insert into compliance_items (property_id, item_type, status, last_inspection_date, next_due_date)
       select p.id, t.type::inspection_type,
         (case when (p.id + t.n) % 11 = 0 then 'non_compliant' else 'compliant' end)::compliance_item_status,
         current_date - ((p.id * 7 + t.n * 13) % 365), current_date - ((p.id * 7 + t.n * 13) % 365) + 365
       from properties p cross join (values (1, 'fire_extinguisher'), (2, 'sprinkler_system'), (3, 'fire_alarm'), (4, 'smoke_detectors')) t(n, type)
       where p.organization_id = $1`,
      [userId],
    );
    await client.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, assigned_to)
       select $1, first.id + (g % $3), (array['fire_extinguisher','sprinkler_system','emergency_lighting','emergency_exits','smoke_detectors','fire_alarm','other'])[1 + g % 7]::inspection_type,
         current_date - 365 + (g % 730), (case when g % 5 = 0 then 'scheduled' else 'completed' end)::inspection_status,
         (array['Alex Inspector','Dana Cole','Lee Park','Sam Ortiz'])[1 + g % 4]
       -- The properties were inserted by one statement just above, so their ids are consecutive.
       from generate_series(1, $2) g, (select min(id) as id from properties where organization_id = $1) first`,
      [userId, counts.inspections, counts.properties],
    );
    // Each item's requirements, as the compliance schedule's migration gives existing items theirs.
    await client.query(
      `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, interval_days, source, note, principal,
         last_done_on, last_result, next_due_date)
       select $1, ci.property_id, ci.item_type, l.id, l.activity, l.interval_months, l.interval_days, l.source, l.note, l.principal,
         case when l.principal then ci.last_inspection_date end,
         case when l.principal then ci.status::text::compliance_result end,
         case when l.principal then ci.next_due_date else current_date - 20 + ((ci.property_id * 7 + l.id * 13) % 120) end
       from compliance_items ci
       join properties p on p.id = ci.property_id and p.organization_id = $1
       join requirement_library l on l.item_type = ci.item_type and l.code_set = p.code_set and not l.retired`,
      [userId],
    );
    await client.query(
      `update inspections i set requirement_id = r.id
       from requirements r
       where i.organization_id = $1 and r.property_id = i.property_id and r.item_type = i.inspection_type and r.principal`,
      [userId],
    );
    await client.query(
      `update requirements r set has_open_inspection = true
       where r.organization_id = $1 and exists (select 1 from inspections i where i.requirement_id = r.id and i.status in ('scheduled', 'in_progress'))`,
      [userId],
    );
    await client.query(
      `update compliance_items ci set next_due_date = r.next_due
       from (select property_id, item_type, min(next_due_date) as next_due from requirements where organization_id = $1 and active group by 1, 2) r
       where r.property_id = ci.property_id and r.item_type = ci.item_type`,
      [userId],
    );
    await client.query(
      `update properties p set has_failure = s.has_failure, inspected = s.inspected, earliest_due_date = s.earliest_due_date
       from (
         select property_id, bool_or(status = 'non_compliant') as has_failure, bool_and(last_inspection_date is not null) as inspected,
           min(next_due_date) as earliest_due_date
         from compliance_items group by property_id
       ) s
       where s.property_id = p.id and p.organization_id = $1`,
      [userId],
    );
    // Pro with a confirmed address: the reminder sweep reminds only confirmed accounts.
    await client.query(`update users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [userId]);
    // Written behind the app's back: answers it remembers for the organisation must be recomputed.
    await client.query(`update organizations set plan = 'pro', data_version = data_version + 1 where id = $1`, [userId]);
    await client.query('commit');
    // As autovacuum leaves a table of this size long before anyone reads it: planner statistics
    // and the visibility map, so what is measured is the queries, not the aftermath of a bulk insert.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

export async function makePro(url: string, userId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`update organizations set plan = 'pro' where id = $1`, [userId]);
  } finally {
    await client.end();
  }
}

/**
 * Makes `userId` a manager of `organizationId` given `count` of its properties (the oldest),
 * as a property manager who looks after part of a large portfolio.
 */
export async function addLimitedManager(url: string, organizationId: number, userId: number, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into memberships (organization_id, user_id, role, all_properties) values ($1, $2, 'manager', false) returning id`,
      [organizationId, userId],
    );
    await client.query(
      `insert into membership_properties (membership_id, property_id)
       select $1, id from properties where organization_id = $2 order by id limit $3`,
      [rows[0]!.id, organizationId, count],
    );
  } finally {
    await client.end();
  }
}
