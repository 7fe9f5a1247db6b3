import pg from 'pg';

/**
 * Fills one account with a large portfolio: `properties` properties, four compliance items
 * each with their library requirements (26 a property with today's library), and `inspections` inspections
 * spread over two years around today, a fifth of them open. The requirements other than the
 * principal ones are due over four months around today, so some are due with nothing
 * scheduled, as in a real portfolio.
 */
export async function seedPortfolio(url: string, userId: number, counts: { properties: number; inspections: number }) {
  await seedPortfolios(url, [userId], counts);
}

/**
 * The same portfolio in each of `organizationIds` (each an account's own organisation), in
 * one transaction of set-based statements, each row written once where it can be. The rows
 * are loaded as an import would load them, without the history triggers (and the foreign-key
 * triggers, whose references hold by construction): a million inspections' history rows are
 * not what the bench measures, and writing them made the seed ten times slower.
 */
export async function seedPortfolios(url: string, organizationIds: number[], counts: { properties: number; inspections: number }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    // Room for the joins of a million rows to hash in memory rather than in batches on disk.
    await client.query(`set local work_mem = '256MB'`);
    await client.query(
      `insert into properties (organization_id, name, property_type, address_line1, city, state, zip, manager_email, created_at)
       select o.id, 'Property ' || g, (array['commercial','retail','healthcare','education','residential','industrial','other'])[1 + g % 7]::property_type,
         g || ' Main Street', (array['Austin','Boston','Chicago','Denver','Seattle'])[1 + g % 5], 'TX', lpad((g % 99999)::text, 5, '0'),
         'manager' || g || '@example.com', now() - (g || ' minutes')::interval
       from unnest($1::int[]) o(id), generate_series(1, $2) g
       order by o.id, g`,
      [organizationIds, counts.properties],
    );
    await client.query(
      `insert into compliance_items (property_id, item_type, status, last_inspection_date, next_due_date)
       select p.id, t.type::inspection_type,
         (case when (p.id + t.n) % 11 = 0 then 'non_compliant' else 'compliant' end)::compliance_item_status,
         current_date - ((p.id * 7 + t.n * 13) % 365), current_date - ((p.id * 7 + t.n * 13) % 365) + 365
       from properties p cross join (values (1, 'fire_extinguisher'), (2, 'sprinkler_system'), (3, 'fire_alarm'), (4, 'smoke_detectors')) t(n, type)
       where p.organization_id = any($1)`,
      [organizationIds],
    );
    // Statistics of the rows just written, so that the statements below join them by hash, not in loops.
    await client.query('analyze properties, compliance_items');
    // Each item's requirements, as the compliance schedule's migration gives existing items theirs.
    await client.query(
      `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, interval_days, source, note, principal,
         last_done_on, last_result, next_due_date)
       select p.organization_id, ci.property_id, ci.item_type, l.id, l.activity, l.interval_months, l.interval_days, l.source, l.note, l.principal,
         case when l.principal then ci.last_inspection_date end,
         case when l.principal then ci.status::text::compliance_result end,
         case when l.principal then ci.next_due_date else current_date - 20 + ((ci.property_id * 7 + l.id * 13) % 120) end
       from compliance_items ci
       join properties p on p.id = ci.property_id and p.organization_id = any($1)
       join requirement_library l on l.item_type = ci.item_type and l.code_set = p.code_set and not l.retired`,
      [organizationIds],
    );
    await client.query('analyze requirements');
    // Inspection g of an organisation is at its property number g modulo the count, and counts
    // for that property's principal requirement of its type, when the property has the item.
    await client.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, assigned_to, requirement_id)
       select p.organization_id, p.id, s.type, current_date - 365 + (s.g % 730),
         (case when s.g % 5 = 0 then 'scheduled' else 'completed' end)::inspection_status,
         (array['Alex Inspector','Dana Cole','Lee Park','Sam Ortiz'])[1 + s.g % 4], r.id
       from (select id, organization_id, row_number() over (partition by organization_id order by id) - 1 as n from properties where organization_id = any($1)) p
       join (
         select g, g % $2 as n, (array['fire_extinguisher','sprinkler_system','emergency_lighting','emergency_exits','smoke_detectors','fire_alarm','other'])[1 + g % 7]::inspection_type as type
         from generate_series(1, $3) g
       ) s on s.n = p.n
       left join requirements r on r.property_id = p.id and r.item_type = s.type and r.principal
       order by p.organization_id, s.g`,
      [organizationIds, counts.properties, counts.inspections],
    );
    await client.query(
      `update requirements r set has_open_inspection = true
       where r.organization_id = any($1) and exists (select 1 from inspections i where i.requirement_id = r.id and i.status in ('scheduled', 'in_progress'))`,
      [organizationIds],
    );
    await client.query(
      `update compliance_items ci set next_due_date = r.next_due
       from (select property_id, item_type, min(next_due_date) as next_due from requirements where organization_id = any($1) and active group by 1, 2) r
       where r.property_id = ci.property_id and r.item_type = ci.item_type and ci.next_due_date is distinct from r.next_due`,
      [organizationIds],
    );
    await client.query(
      `update properties p set has_failure = s.has_failure, inspected = s.inspected, earliest_due_date = s.earliest_due_date
       from (
         select ci.property_id, bool_or(ci.status = 'non_compliant') as has_failure, bool_and(ci.last_inspection_date is not null) as inspected,
           min(ci.next_due_date) as earliest_due_date
         from compliance_items ci join properties own on own.id = ci.property_id and own.organization_id = any($1)
         group by ci.property_id
       ) s
       where s.property_id = p.id`,
      [organizationIds],
    );
    // The triggers are off here, so the attention ranking's inputs are kept as migration 0059 keeps them.
    await client.query('select attention_inputs_rebuild($1::int[])', [organizationIds]);
    // Pro with a confirmed address: the reminder sweep reminds only confirmed accounts.
    await client.query(`update users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = any($1)`, [organizationIds]);
    // Written behind the app's back: answers it remembers for the organisation must be recomputed.
    await client.query(`update organizations set plan = 'pro', data_version = data_version + 1 where id = any($1)`, [organizationIds]);
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
