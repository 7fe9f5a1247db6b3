import pg from 'pg';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, suiteDatabaseUrl, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's and the account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * What a sweep leaves for an overdue inspection when no mail server is set up (SMTP_URL unset):
 * the reminder's log entry, and its e-mail written to the server log instead of sent. Written
 * directly: the suite's server has a mail server, and sweeps run on their own schedule.
 */
async function remindedWithoutMailServer(inspectionId: number) {
  const client = new pg.Client({ connectionString: suiteDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `insert into reminder_logs (organization_id, inspection_id, reminder_type, due_date, reminder_count)
       select organization_id, id, 'overdue', due_date, 1 from inspections where id = $1 returning id, organization_id`,
      [inspectionId],
    );
    // To the organisation's owner, as the sweep addresses each recipient's own mail.
    await client.query(
      `insert into email_outbox (organization_id, user_id, kind, reference_id, to_address, subject, text_body, status, attempts)
       select $1, m.user_id, 'reminder_overdue', $2, 'robin@example.com', 'Overdue inspection: Fire Extinguishers at Late Entry House', 'It was due.', 'logged', 1
       from memberships m where m.organization_id = $1 and m.role = 'owner' limit 1`,
      [rows[0].organization_id, rows[0].id],
    );
  } finally {
    await client.end();
  }
}

for (const width of [1280, 375]) {
  test(`an inspection's reminders say what was sent, and that it went to the server log with no mail server (${width} px)`, async ({ proPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    const property = await addProperty(page, { name: 'Late Entry House' });
    const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(0) });
    await remindedWithoutMailServer(inspection.id);

    await page.goto(`/inspections/${inspection.id}`);
    await expect(page.getByText('E-mail reminders sent for this inspection.')).toBeVisible();
    await expect(page.getByText(/^Written to the server log .*: no mail server is set up$/)).toBeVisible();
    await expect(page.getByText('To robin@example.com: “Overdue inspection: Fire Extinguishers at Late Entry House”')).toBeVisible();
    await expect(page.getByText('Not sent yet')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
}
