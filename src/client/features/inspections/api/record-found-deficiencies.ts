import type { DeficiencyInput } from '@shared/schemas/deficiency';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { record } from '@/offline/outbox';
import { resizePhoto } from '@/offline/resize-photo';

export interface FoundDeficiency {
  input: DeficiencyInput;
  /** Already resized on the device (`resizedPhotos`). */
  photos: Blob[];
}

/** The photos chosen, resized on the device (long side at most 2,000 px) before anything is kept. */
export function resizedPhotos(files: File[]): Promise<Blob[]> {
  return Promise.all(files.map((file) => resizePhoto(file).catch((): Blob => file)));
}

/**
 * The deficiencies of a completion that come with photos, each kept as its own change
 * (POST /api/inspections/{id}/deficiencies) right after the completion is kept, and each photo
 * as a change that refers to its deficiency's answer. All are on the device before any answer
 * is awaited, so a closed tab loses none; the outbox sends them in order after the completion
 * (docs/offline.md). Resolves with the ids kept, so a completion refused as wrong can take them back.
 */
export async function keepFoundDeficiencies(
  inspectionId: number,
  completionId: string,
  found: FoundDeficiency[],
  where: { propertyId: number; label: string },
): Promise<string[]> {
  const kept: string[] = [];
  for (const [index, entry] of found.entries()) {
    const changeId = newIdempotencyKey();
    const name = entry.input.description?.trim().slice(0, 120) || `Deficiency ${index + 1}`;
    await record(
      {
        id: changeId,
        kind: 'deficiency',
        method: 'POST',
        url: `/api/inspections/${inspectionId}/deficiencies`,
        body: entry.input,
        dependsOn: [completionId],
        label: `Deficiency: ${name} (${where.label})`,
        propertyId: where.propertyId,
        target: { type: 'inspection', id: inspectionId },
      },
      { waitMs: 0 },
    );
    kept.push(changeId);
    for (const [n, blob] of entry.photos.entries()) {
      const photoId = newIdempotencyKey();
      await record(
        {
          id: photoId,
          kind: 'photo',
          method: 'POST',
          url: `/api/deficiencies/{ref:${changeId}:id}/photos`,
          photo: { blob, contentType: blob.type || 'image/jpeg' },
          dependsOn: [changeId],
          label: `Photo ${n + 1} of ${entry.photos.length}: ${name}`,
          propertyId: where.propertyId,
          target: { type: 'inspection', id: inspectionId },
        },
        { waitMs: 0 },
      );
      kept.push(photoId);
    }
  }
  return kept;
}
