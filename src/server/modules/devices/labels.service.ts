import { deviceKind, deviceLocationText } from '@shared/device-kind';
import type { labelSheetSchema } from '@shared/schemas/device';
import type { z } from 'zod';
import type { Account } from '../../account';
import { canReachProperty } from '../../access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../errors';
import type { RenderPool } from '../../pdf/render-pool';
import { labelsPerSheet, SHEET_LAYOUTS, type LabelSheetJob } from './labels.pdf';
import { devicesForLabels } from './labels.queries';
import { drawOrExplain } from '../../pdf/draw-or-explain';

export interface LabelsDeps {
  db: Db;
  config: Config;
  /** The PDF-drawing threads the reports use (pdf/render-pool.ts): a sheet of 1,000 QR codes is real work. */
  renderer: RenderPool;
}

type LabelSheetInput = z.output<typeof labelSheetSchema>;

/** The URL a device's label holds as its QR code: its tag page. */
export const tagUrl = (appUrl: string, tag: string) => `${appUrl}/t/${encodeURIComponent(tag)}`;

const fileSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60) || 'property';

/**
 * A PDF of labels for chosen devices of one property. Every device named must be the
 * property's (and the property the caller's to reach): any other is a 404, as if it did not
 * exist, so a list of ids cannot be used to learn another organisation's tags.
 */
export async function labelSheet(deps: LabelsDeps, account: Account, propertyId: number, input: LabelSheetInput): Promise<{ fileName: string; pdf: Buffer }> {
  const perSheet = labelsPerSheet(input.format);
  if (input.skip >= perSheet) {
    throw validationFailed({ skip: [`A sheet of ${SHEET_LAYOUTS[input.format].name} has ${perSheet} labels: skip at most ${perSheet - 1}`] });
  }
  if (!canReachProperty(account, propertyId)) throw notFound('Property not found');
  const ids = [...new Set(input.deviceIds)];
  const devices = await devicesForLabels(deps.db, account.id, propertyId, ids);
  if (devices.length !== ids.length) throw notFound('Device not found');

  const job: LabelSheetJob = {
    kind: 'label-sheet',
    format: input.format,
    skip: input.skip,
    labels: devices.map((d) => ({
      tag: d.tag,
      url: tagUrl(deps.config.appUrl, d.tag),
      kind: deviceKind(d),
      propertyName: d.propertyName,
      location: deviceLocationText(d),
    })),
  };
  const pdf = await drawOrExplain(deps.renderer, job, { what: 'The labels', tooLarge: 'These labels would make a PDF larger than Firemark sends. Print fewer labels at once.' });
  return { fileName: `firemark-labels-${fileSlug(devices[0]!.propertyName)}.pdf`, pdf };
}

