import { addDays } from '@shared/compliance';
import { formatDisplayDate } from '@shared/dates';
import { humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { attestationSummary, DEFICIENCY_SEVERITY_LABELS, type AttestationRole, type DeficiencySeverity } from '@shared/records';
import type { DbOrTx } from '../../db/client';
import { write } from '../../pdf/unicode-text';
import type { FileStore } from '../../files/file-store';
import { performedInspections, recordedDeficiencies } from './report-records.queries';

/**
 * The report's inspection record: who performed each inspection (one of the account's
 * inspectors, or an attested one) with the licence recorded at completion, and each deficiency with its severity,
 * corrective action and correction, photos printed small. Kept apart from report-pdf.ts,
 * which calls drawRecordSections with its own drawing helpers.
 */
export interface ReportRecords {
  inspections: {
    performedOn: string;
    inspectionType: string;
    inspector: string;
    licenceNumber: string | null;
    licenceExpiresOn: string | null;
    licenceExpired: boolean;
    attestedBy: string | null;
    /** performer: the signer did it; recorder: the signer recorded another's inspection. */
    attestationRole: AttestationRole | null;
  }[];
  deficiencies: {
    itemType: string;
    description: string;
    severity: DeficiencySeverity;
    location: string | null;
    correctiveAction: string | null;
    dueBy: string | null;
    foundOn: string | null;
    correctedOn: string | null;
    correctedBy: string | null;
    correctionNote: string | null;
    photos: Buffer[];
    /** The tag of the device it was found on, when it was found on one (issue 32). */
    deviceTag?: string | null;
  }[];
}

/** At most this many photos per deficiency, and in all, are printed; the app shows every one. */
const PHOTOS_PER_DEFICIENCY = 3;
const PHOTOS_IN_ALL = 30;
const RECORD_LIMIT = 500;

export async function reportRecords(db: DbOrTx, photos: FileStore, organizationId: number, propertyId: number, today: string): Promise<ReportRecords> {
  const since = addDays(today, -365);
  const [performed, found] = await Promise.all([performedInspections(db, organizationId, propertyId, since, RECORD_LIMIT), recordedDeficiencies(db, organizationId, propertyId, since, RECORD_LIMIT)]);
  let photoBudget = PHOTOS_IN_ALL;
  const deficiencies: ReportRecords['deficiencies'] = [];
  for (const row of found.rows) {
    const keys = (row.photo_keys ?? []).slice(0, Math.min(PHOTOS_PER_DEFICIENCY, photoBudget));
    photoBudget -= keys.length;
    const bytes = (await Promise.all(keys.map((key) => photos.get(key)))).filter((b): b is Buffer => Boolean(b));
    deficiencies.push({
      itemType: row.item_type,
      description: row.description,
      severity: row.severity,
      location: row.location,
      correctiveAction: row.corrective_action,
      dueBy: row.due_by,
      foundOn: row.found_on,
      correctedOn: row.corrected_on,
      correctedBy: row.corrected_by,
      correctionNote: row.correction_note,
      photos: bytes,
      deviceTag: row.device_tag,
    });
  }
  return {
    inspections: performed.rows.map((r) => ({
      performedOn: r.performed_on,
      inspectionType: r.inspection_type,
      inspector: r.inspector,
      licenceNumber: r.licence_number,
      licenceExpiresOn: r.licence_expires_on,
      licenceExpired: r.licence_expires_on !== null && r.licence_expires_on < r.performed_on,
      attestedBy: r.attested_by,
      attestationRole: r.attestation_role,
    })),
    deficiencies,
  };
}

/** What report-pdf.ts lends these sections: its own headings, paragraphs and tables. */
export interface ReportDrawing {
  doc: PDFKit.PDFDocument;
  margin: number;
  contentWidth: number;
  heading(text: string): void;
  paragraph(text: string, color?: string): void;
  ensureSpace(height: number): void;
  table(columns: { header: string; width: number }[], rows: { cells: string[]; colors?: (string | undefined)[] }[]): Set<number>;
  colors: { ink: string; red: string; green: string };
}

/**
 * An inspection's notes as the report prints them: the findings typed at completion and the
 * instructions typed when it was scheduled, each under its own label.
 */
export function inspectionNotesText(inspection: { notes: string | null; completionNotes: string | null }): string {
  return [inspection.completionNotes ? `Findings: ${inspection.completionNotes}` : null, inspection.notes ? `Instructions: ${inspection.notes}` : null]
    .filter(Boolean)
    .join('\n');
}

/** Who signed, and in what capacity, in plain words. */
export function attestationText(r: ReportRecords['inspections'][number]): string {
  if (!r.attestedBy) return 'Not attested';
  return attestationSummary({ role: r.attestationRole ?? 'performer', typedName: r.attestedBy, performedBy: r.inspector });
}

const typeLabel = (type: string) => INSPECTION_TYPE_LABELS[type as InspectionType] ?? humanize(type);
const PHOTO_SIZE = 72;

export function licenceText(r: ReportRecords['inspections'][number]): string {
  if (!r.licenceNumber && !r.licenceExpiresOn) return '-';
  const number = r.licenceNumber ?? 'Licence';
  if (!r.licenceExpiresOn) return number;
  return r.licenceExpired ? `${number}, Licence expired on ${formatDisplayDate(r.licenceExpiresOn)}` : `${number}, valid until ${formatDisplayDate(r.licenceExpiresOn)}`;
}

/**
 * Each section only when there is something to record: a report of inspections completed with
 * a free-text assignee and no deficiencies reads as it always did (its table says who).
 */
export function drawRecordSections(d: ReportDrawing, records: ReportRecords): void {
  if (records.inspections.length > 0) {
    d.heading('Who performed the inspections');
    d.table(
      [
        { header: 'Performed', width: 70 },
        { header: 'Inspection', width: 86 },
        { header: 'Inspector', width: 96 },
        { header: 'Licence', width: 120 },
        { header: 'Signed', width: d.contentWidth - 372 },
      ],
      records.inspections.map((r) => ({
        cells: [formatDisplayDate(r.performedOn), typeLabel(r.inspectionType), r.inspector, licenceText(r), attestationText(r)],
        colors: [undefined, d.colors.ink, d.colors.ink, r.licenceExpired ? d.colors.red : undefined],
      })),
    );
  }

  if (records.deficiencies.length === 0) return;
  d.heading('Deficiencies and corrective actions');
  const { doc } = d;
  for (const f of records.deficiencies) {
    d.ensureSpace(60 + (f.photos.length ? PHOTO_SIZE : 0));
    const state = f.correctedOn ? `corrected ${formatDisplayDate(f.correctedOn)}` : 'open';
    write(
      doc.fontSize(10).fillColor(f.correctedOn ? d.colors.green : d.colors.red),
      'bold',
      `${DEFICIENCY_SEVERITY_LABELS[f.severity]} - ${typeLabel(f.itemType)}${f.deviceTag ? ` - tag ${f.deviceTag}` : ''} - ${state}`,
      d.margin,
      doc.y,
      { width: d.contentWidth },
    );
    d.paragraph(f.description, d.colors.ink);
    const facts = [
      f.location ? `Location: ${f.location}` : null,
      f.foundOn ? `Found: ${formatDisplayDate(f.foundOn)}` : null,
      f.dueBy ? `Correct by: ${formatDisplayDate(f.dueBy)}` : null,
    ].filter(Boolean);
    if (facts.length) d.paragraph(facts.join('    '));
    if (f.correctiveAction) d.paragraph(`Corrective action: ${f.correctiveAction}`);
    if (f.correctedOn) d.paragraph(`Corrected on ${formatDisplayDate(f.correctedOn)} by ${f.correctedBy ?? 'unknown'}${f.correctionNote ? `: ${f.correctionNote}` : ''}`);
    if (f.photos.length) {
      const top = doc.y + 4;
      f.photos.forEach((photo, i) => {
        const x = d.margin + i * (PHOTO_SIZE + 8);
        try {
          doc.image(photo, x, top, { fit: [PHOTO_SIZE, PHOTO_SIZE] });
        } catch {
          // A photo pdfkit cannot read is left out rather than failing the whole report.
          write(doc.fontSize(8).fillColor(d.colors.ink), 'regular', 'Photo not printable', x, top, { width: PHOTO_SIZE });
        }
      });
      doc.x = d.margin;
      doc.y = top + PHOTO_SIZE + 4;
    }
    doc.moveDown(0.6);
  }
}
