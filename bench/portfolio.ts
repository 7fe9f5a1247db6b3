import pg from 'pg';

/**
 * Fills one account with a large portfolio in a few set-based statements: `properties`
 * properties, four compliance items each, and `inspections` inspections spread over two
 * years around today, a fifth of them open.
 */
export async function seedPortfolio(url: string, userId: number, counts: { properties: number; inspections: number }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into properties (user_id, name, property_type, address_line1, city, state, zip, manager_email, created_at)
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
       where p.user_id = $1`,
      [userId],
    );
    await client.query(
      `insert into inspections (user_id, property_id, inspection_type, due_date, status, assigned_to)
       select $1, first.id + (g % $3), (array['fire_extinguisher','sprinkler_system','emergency_lighting','emergency_exits','smoke_detectors','fire_alarm','other'])[1 + g % 7]::inspection_type,
         current_date - 365 + (g % 730), (case when g % 5 = 0 then 'scheduled' else 'completed' end)::inspection_status,
         (array['Alex Inspector','Dana Cole','Lee Park','Sam Ortiz'])[1 + g % 4]
       -- The properties were inserted by one statement just above, so their ids are consecutive.
       from generate_series(1, $2) g, (select min(id) as id from properties where user_id = $1) first`,
      [userId, counts.inspections, counts.properties],
    );
    // Pro with a confirmed address: the reminder sweep reminds only confirmed accounts.
    await client.query(`update users set plan = 'pro', email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [userId]);
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

export async function makePro(url: string, userId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`update users set plan = 'pro' where id = $1`, [userId]);
  } finally {
    await client.end();
  }
}
