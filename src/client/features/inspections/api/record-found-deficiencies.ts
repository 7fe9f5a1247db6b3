import type { Deficiency } from '@shared/schemas/deficiency';
import type { DeficiencyInput } from '@shared/schemas/deficiency';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { record } from '@/offline/outbox';
import { resizePhoto } from '@/offline/resize-photo';

export interface FoundDeficiency {
  input: DeficiencyInput;
  photos: File[];
}

/**
 * The deficiencies of a completion that come with photos, each recorded after the completion
 * as its own change (POST /api/inspections/{id}/deficiencies), and each photo, resized on the
 * device, as a change that refers to its deficiency's answer. So a completion made without a
 * signal keeps its photos too: the outbox sends them in order once the network returns
 * (docs/offline.md). Resolves with whether everything was sent now; rejects with the server's
 * refusal of bad input, as a direct request would.
 */
export async function recordFoundDeficiencies(
  inspectionId: number,
  completionId: string,
  found: FoundDeficiency[],
  where: { propertyId: number; label: string },
): Promise<{ allSent: boolean }> {
  let allSent = true;
  for (const [index, entry] of found.entries()) {
    const changeId = newIdempotencyKey();
    const name = entry.input.description?.trim().slice(0, 120) || `Deficiency ${index + 1}`;
    const added = await record<Deficiency>({
      id: changeId,
      kind: 'deficiency',
      method: 'POST',
      url: `/api/inspections/${inspectionId}/deficiencies`,
      body: entry.input,
      dependsOn: [completionId],
      label: `Deficiency: ${name} (${where.label})`,
      propertyId: where.propertyId,
      target: { type: 'inspection', id: inspectionId },
    });
    if (!added.sent) allSent = false;
    for (const [n, file] of entry.photos.entries()) {
      const blob = await resizePhoto(file);
      const sent = await record({
        kind: 'photo',
        method: 'POST',
        url: added.sent ? `/api/deficiencies/${added.answer.id}/photos` : `/api/deficiencies/{ref:${changeId}:id}/photos`,
        photo: { blob, contentType: blob.type || 'image/jpeg' },
        dependsOn: [changeId],
        label: `Photo ${n + 1} of ${entry.photos.length}: ${name}`,
        propertyId: where.propertyId,
        target: { type: 'inspection', id: inspectionId },
      });
      if (!sent.sent) allSent = false;
    }
  }
  return { allSent };
}
