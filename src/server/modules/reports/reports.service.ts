import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { ERROR_CODES } from '@shared/api-error';
import { todayInTimeZone } from '@shared/dates';
import { propertyStatusFrom } from '@shared/compliance';
import { humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { Report, ReportType } from '@shared/schemas/report';
import { REVOKED_MESSAGE, verifyPath, type ReportVerification } from '@shared/schemas/verification';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Account } from '../../account';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { emitWebhookEvent } from '../webhooks/emit';
import type { MailLog } from '../../email/quota';
import { reportReadyEmail } from '../../email/templates/report-ready';
import { AppError, notFound } from '../../errors';
import { getProperty } from '../properties/properties.service';
import { propertyRequirements } from '../requirements/requirements.service';
import { currentPlan } from '../subscription/subscription.service';
import { reportRequirements, reportSchedule, verificationSnapshot } from './report-data';
import { nonCompliantNotes, reportInspections } from './report-data.queries';
import { drawFireSafetyReport, type ReportRenderer } from './report-renderer';
import { printablePhotos } from './report-photos';
import { reportRecords } from './report-records';
import { reportDevices } from './report-devices';
import { newFileKey, type FileStore } from '../../files/file-store';
import { accountContact } from '../auth/account-contact';
import * as q from './reports.queries';
import { legacyReportBytes } from './report-files';

export interface ReportsDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  log?: MailLog;
  /** Deficiency photos, printed small in the report. */
  photos: FileStore;
  /** Where report PDFs are kept. */
  reportFiles: FileStore;
  /** The threads that draw PDFs. */
  renderer: ReportRenderer;
}

/** "Harbor View Offices" -> "harbor-view-offices", for file names. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'property';
}

/**
 * SPEC "Report generation": Pro only. The PDF is rendered from the property as it is now and
 * stored, so the report stays a record of this moment (DECISIONS "Reports").
 */
export async function generateReport(deps: ReportsDeps, account: Account, input: { propertyId: number; reportType: ReportType }): Promise<Report> {
  const now = new Date();
  if ((await currentPlan(deps.db, account.id, now)) !== 'pro') {
    throw new AppError(
      ERROR_CODES.premiumRequired,
      'PDF report generation is only available for premium subscribers. Upgrade to unlock this feature.',
    );
  }
  const [property, contact] = await Promise.all([getProperty(deps, account, input.propertyId), accountContact(deps.db, account.userId)]);
  const today = todayInTimeZone(account.timeZone, now);
  const [inspections, notes, requirements, records, devices] = await Promise.all([
    reportInspections(deps.db, account.id, property.id, today),
    nonCompliantNotes(deps.db, account.id, property.id),
    propertyRequirements(deps, account, property.id),
    reportRecords(deps.db, deps.photos, account.id, property.id, today).then(printablePhotos),
    reportDevices(deps.db, account.id, property.id),
  ]);
  const verification = await newVerification(deps, account.id, today);
  // The items' statuses are effective ones (read now, in the account's zone); deficiencies
  // and the overall status both follow from them, so the PDF never contradicts itself.
  const deficiencies = property.complianceItems.flatMap((item) =>
    item.status === 'non_compliant' || item.status === 'overdue'
      ? [{ ...item, status: item.status, notes: item.status === 'non_compliant' ? (notes.get(item.itemType) ?? null) : null }]
      : [],
  );
  const pdf = await drawFireSafetyReport(deps.renderer, deps.config, {
    generatedAt: now,
    timeZone: account.timeZone,
    today,
    account: { name: contact.name, email: contact.email },
    property,
    deficiencies,
    inspections: inspections.rows,
    inspectionsLeftOut: inspections.leftOut,
    verification: { reportNumber: verification.reportNumber, verifyUrl: verification.url },
    requirements: reportRequirements(requirements),
    schedule: reportSchedule(requirements),
    records,
    devices,
  });
  const pdfSha256 = createHash('sha256').update(pdf).digest('hex');
  const overallStatus = propertyStatusFrom(property.complianceItems);
  // The report's number makes two reports of one day two files (the number is printed on it too).
  const fileName = `firemark-${slugify(property.name)}-${today}-${verification.reportNumber}.pdf`;

  const toReport = (id: number): Report => ({
    id,
    propertyId: property.id,
    property: { id: property.id, name: property.name },
    reportType: input.reportType,
    generatedDate: now.toISOString(),
    downloadUrl: `/api/reports/${id}/download`,
    fileName,
    createdAt: now.toISOString(),
    reportNumber: verification.reportNumber,
    verifyPath: verifyPath(verification.id),
    verificationRevoked: false,
  });
  // The file first, then its row: a row never names a file that is not there. A file whose
  // row was never written goes with the daily sweep of files no row names; not here, since a
  // commit whose reply was lost may have written the row after all.
  const storageKey = newFileKey();
  await deps.reportFiles.put(storageKey, pdf);
  const id = await withTransaction(deps.pool, async (tx) => {
    const reportId = await q.insertReport(tx.db, {
      organizationId: account.id,
      propertyId: property.id,
      reportType: input.reportType,
      fileName,
      storageKey,
      byteSize: pdf.byteLength,
      generatedAt: now,
      reportNumber: verification.reportNumber,
      verifyId: verification.id,
      pdfSha256,
      verifySnapshot: verificationSnapshot(
        verification.reportNumber,
        now,
        property,
        overallStatus,
        itemLabel,
        new Map(devices?.items.map((item) => [item.itemType, item.listed])),
      ),
    });
    if (contact.notificationSettings.emailReportGeneration) {
      await queueEmail(tx, deps.boss, {
        kind: 'report_ready',
        organizationId: account.id,
      userId: account.userId,
        to: contact.email,
        ...reportReadyEmail({
          name: contact.name,
          propertyName: property.name,
          fileName,
          reportsUrl: `${deps.config.appUrl}/properties/${property.id}`,
        }),
      }, { log: deps.log });
    }
    await emitWebhookEvent(tx, account.id, 'report.generated', toReport(reportId));
    return reportId;
  });
  return toReport(id);
}

const itemLabel = (type: string) => INSPECTION_TYPE_LABELS[type as InspectionType] ?? humanize(type);

/**
 * A report's number and public link, taken before it is drawn (both are printed on it). The
 * link's id is 128 random bits, so links cannot be guessed or counted through.
 */
async function newVerification(deps: ReportsDeps, organizationId: number, today: string) {
  const reportNumber = await q.nextReportNumber(deps.db, organizationId, Number(today.slice(0, 4)));
  const id = randomBytes(16).toString('base64url');
  return { reportNumber, id, url: `${deps.config.appUrl}${verifyPath(id)}` };
}

/**
 * The public verification page's data. Unknown ids are a 404 after the same single lookup
 * as known ones; a revoked link says so and shows nothing of the report.
 */
export async function verifyReport(deps: Pick<ReportsDeps, 'db'>, verifyId: string): Promise<ReportVerification> {
  const row = await q.findVerification(deps.db, verifyId);
  if (!row?.snapshot || !row.sha256) throw notFound('Verification link not found');
  if (row.revokedAt) return { state: 'revoked', message: REVOKED_MESSAGE };
  return { state: 'valid', sha256: row.sha256, ...row.snapshot };
}

/** The owner revokes a report's verification link; another account's report is a 404. */
export async function revokeVerification(deps: ReportsDeps, account: Account, id: number): Promise<void> {
  // In a transaction: its history event names who revoked it (docs/history.md).
  if (!(await withTransaction(deps.pool, ({ db }) => q.revokeVerification(db, account, id)))) throw notFound('Report not found');
}

export const listReports = (deps: ReportsDeps, account: Account, filter: q.ReportFilter) => q.listReports(deps.db, account, filter);

/** reportPdf for a report not yet moved out of the database. */
async function legacyReportFile(pool: ReportsDeps['pool'], id: number) {
  const pdf = await legacyReportBytes(pool, id);
  return pdf ? { body: Readable.from([pdf]), size: pdf.byteLength } : undefined;
}

/** The stored PDF; another account's report, or none, is a 404. Readable on any plan. */
export async function reportPdf(deps: ReportsDeps, account: Account, id: number) {
  const report = await q.findReportPdf(deps.db, account, id);
  if (!report) throw notFound('Report not found');
  // Sent as it is read from the store. A report made before files moved to the store keeps its
  // bytes in its row until start-up or the daily housekeeping moves them (report-files.ts).
  const file = report.storageKey ? await deps.reportFiles.stream(report.storageKey) : await legacyReportFile(deps.pool, id);
  if (!file) throw notFound('Report not found');
  return { fileName: report.fileName, ...file };
}
