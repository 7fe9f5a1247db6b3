import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ImageOff, RotateCcw, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { INSPECTION_TYPE_LABELS } from '@shared/enums';
import { PHOTO_QUARANTINED_MESSAGE } from '@shared/records';
import type { Deficiency } from '@shared/schemas/deficiency';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/use-permissions';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadingState } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { propertyDeficienciesKey, usePropertyDeficiencies } from '../api/record-queries';
import type { DeficiencyInput } from '@shared/schemas/deficiency';
import { record, usePendingChanges } from '@/offline/outbox';
import { resizePhoto } from '@/offline/resize-photo';
import type { OutboxChange } from '@/offline/outbox-types';
import { toastKept } from '@/components/kept-toast';
import { WaitingToSyncBadge } from '@/components/waiting-to-sync-badge';
import { PHOTO_ACCEPT } from './deficiency-fields';
import { SeverityBadge } from './severity-badge';

// The form (and its validation) loads when its button is first reached for.
const CorrectDeficiencyDialog = lazyDialog(() => import('./correct-deficiency-dialog').then((m) => m.CorrectDeficiencyDialog));
const EditDeficiencyDialog = lazyDialog(() => import('./edit-deficiency-dialog').then((m) => m.EditDeficiencyDialog));

/** The property's deficiencies, open ones first (critical first), each with its correction. */
export function PropertyDeficienciesTab({ propertyId }: { propertyId: number }) {
  const list = usePropertyDeficiencies(propertyId);
  const [correcting, setCorrecting] = useState<Deficiency | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Deficiency | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  // What this device recorded for the property and has not yet synced: shown with the server's.
  const pending = usePendingChanges({ propertyId, kind: ['deficiency', 'deficiency-edit', 'correction', 'photo', 'tap'] });
  const added = pending.filter((c) => c.kind === 'deficiency' || failTapStanding(c, pending));

  if (list.isPending) return <LoadingState message="Loading deficiencies..." />;
  if (list.isError) return <LoadError message="Failed to load deficiencies. Please try again." onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.data.length === 0 && added.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} title="No deficiencies recorded.">
        When an inspection is completed as non-compliant, what it found is listed here until it is corrected.
      </EmptyState>
    );
  }
  // What waits on this device is open too: it is counted with the server's.
  const open = list.data.filter((d) => !d.correctedOn).length + added.length;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {open} open, {list.data.length + added.length - open} corrected
      </p>
      <ul className="space-y-3" aria-label="Deficiencies of this property">
        {added.map((change) => (
          <AddedHere key={change.id} change={change} photos={pending.filter((c) => c.kind === 'photo' && c.dependsOn?.includes(change.id)).length} />
        ))}
        {list.data.map((d) => (
          <DeficiencyCard
            key={d.id}
            deficiency={d}
            pending={pending}
            propertyId={propertyId}
            onEdit={() => {
              setEditing(d);
              setEditOpen(true);
            }}
            onCorrect={() => {
              setCorrecting(d);
              setDialogOpen(true);
            }}
          />
        ))}
      </ul>
      <CorrectDeficiencyDialog deficiency={correcting} open={dialogOpen} onOpenChange={setDialogOpen} />
      <EditDeficiencyDialog deficiency={editing} open={editOpen} onOpenChange={setEditOpen} />
    </div>
  );
}

/**
 * A walk-through Fail tap waiting on this device makes a deficiency when it syncs, unless a later
 * tap on the same device (same url) replaces it first.
 */
function failTapStanding(change: OutboxChange, pending: OutboxChange[]): boolean {
  if (change.kind !== 'tap' || (change.body as { result?: string } | undefined)?.result !== 'fail') return false;
  return !pending.some((later) => later.kind === 'tap' && later.url === change.url && later.seq > change.seq);
}

/** A deficiency recorded on this device (with a completion, or by a walk-through's Fail) and not yet on the server. */
function AddedHere({ change, photos }: { change: OutboxChange; photos: number }) {
  const input = (change.body ?? {}) as DeficiencyInput;
  // A Fail tap is named by its label ("Fail: EXT-0042, Floor 2"); its description, if any, follows.
  const title = change.kind === 'tap' ? change.label : input.description;
  const detail = change.kind === 'tap' ? input.description : null;
  return (
    <li className="space-y-2 rounded-lg border border-amber-300 p-4" aria-label={title ?? change.label} data-testid="deficiency">
      <div className="flex flex-wrap items-center gap-2">
        {input.severity ? <SeverityBadge severity={input.severity} /> : null}
        <span className="text-sm font-medium">Open</span>
        <WaitingToSyncBadge />
      </div>
      <p className="break-words font-medium">{title}</p>
      {detail ? <p className="break-words text-sm">{detail}</p> : null}
      {input.correctiveAction ? <p className="break-words text-sm">Corrective action: {input.correctiveAction}</p> : null}
      {photos ? <p className="text-sm text-muted-foreground">{photos === 1 ? '1 photo waiting to sync' : `${photos} photos waiting to sync`}</p> : null}
    </li>
  );
}

interface DeficiencyCardProps {
  deficiency: Deficiency;
  propertyId: number;
  pending: OutboxChange[];
  onCorrect: () => void;
  onEdit: () => void;
}

function DeficiencyCard({ deficiency: fromServer, propertyId, pending, onCorrect, onEdit }: DeficiencyCardProps) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const canRecord = usePermissions().can('deficiencies.record');
  const own = pending.filter((c) => c.target?.type === 'deficiency' && c.target.id === fromServer.id);
  // An edit kept on the device shows as it will be once it syncs.
  const edited = own.filter((c) => c.kind === 'deficiency-edit').at(-1)?.body as DeficiencyInput | undefined;
  const d: Deficiency = edited
    ? {
        ...fromServer,
        description: edited.description,
        severity: edited.severity,
        location: edited.location || null,
        correctiveAction: edited.correctiveAction || null,
        dueBy: edited.dueBy || null,
      }
    : fromServer;
  const correction = own.find((c) => c.kind === 'correction')?.body as { correctedOn?: string } | undefined;
  const waitingPhotos = own.filter((c) => c.kind === 'photo').length;
  // Each photo is resized and kept on the device before it is sent; without a signal it syncs later.
  const addPhotos = async (files: File[]) => {
    setUploading(true);
    let kept = false;
    try {
      for (const file of files) {
        const blob = await resizePhoto(file);
        const outcome = await record({
          kind: 'photo',
          method: 'POST',
          url: `/api/deficiencies/${d.id}/photos`,
          photo: { blob, contentType: blob.type || 'image/jpeg' },
          label: `Photo: ${d.description.slice(0, 200)}`,
          propertyId,
          target: { type: 'deficiency', id: d.id },
        });
        if (!outcome.sent) kept = true;
      }
      if (kept) toastKept('Photo added');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Photo not saved', description: serverMessage(error, 'The photo could not be uploaded. Please try again.') });
    } finally {
      setUploading(false);
      if (!kept) void queryClient.invalidateQueries({ queryKey: propertyDeficienciesKey(propertyId) });
    }
  };
  return (
    <li className="space-y-2 rounded-lg border p-4" aria-label={d.description} data-testid="deficiency">
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={d.severity} />
        <span className="text-sm text-muted-foreground">{INSPECTION_TYPE_LABELS[d.itemType]}</span>
        {edited ? <WaitingToSyncBadge /> : null}
        {!d.correctedOn && correction ? (
          <>
            <span className="inline-flex items-center gap-1 text-sm font-medium text-green-700">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Corrected{correction.correctedOn ? ` on ${formatDate(correction.correctedOn)}` : ''}
            </span>
            <WaitingToSyncBadge />
          </>
        ) : d.correctedOn ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-green-700">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Corrected on {formatDate(d.correctedOn)}
          </span>
        ) : (
          <span className="text-sm font-medium">Open</span>
        )}
      </div>
      <p className="break-words font-medium">{d.description}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {d.location ? <Item label="Location" value={d.location} /> : null}
        {d.correctiveAction ? <Item label="Corrective action" value={d.correctiveAction} /> : null}
        {d.foundOn ? <Item label="Found on" value={formatDate(d.foundOn)} /> : null}
        {d.dueBy ? <Item label="Correct by" value={formatDate(d.dueBy)} /> : null}
        {d.correctedBy ? <Item label="Corrected by" value={d.correctedBy} /> : null}
        {d.correctionNote ? <Item label="Correction note" value={d.correctionNote} /> : null}
      </dl>
      {d.inspectionRetest ? <RetestLine retest={d.inspectionRetest} /> : null}
      {d.photos.length ? (
        <div className="flex flex-wrap gap-2">
          {d.photos.map((p, i) =>
            // A quarantined photo did not decode when it was checked: its url answers 404.
            p.quarantined ? (
              <p key={p.id} className="flex min-h-20 w-48 items-center gap-2 rounded border border-dashed p-2 text-xs text-muted-foreground">
                <ImageOff className="size-4 shrink-0" aria-hidden="true" />
                <span>
                  Photo {i + 1}: {PHOTO_QUARANTINED_MESSAGE}
                </span>
              </p>
            ) : (
              <a key={p.id} href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={`Photo ${i + 1} of: ${d.description}`} className="size-20 rounded border object-cover" loading="lazy" />
              </a>
            ),
          )}
        </div>
      ) : null}
      {waitingPhotos ? <p className="text-sm text-muted-foreground">{waitingPhotos === 1 ? '1 photo waiting to sync' : `${waitingPhotos} photos waiting to sync`}</p> : null}
      {d.correctedOn || correction || !canRecord ? null : (
        <div className="flex flex-wrap items-end gap-3 pt-1">
          <Button {...reachFor(CorrectDeficiencyDialog)} onClick={onCorrect}>
            Mark as Corrected
          </Button>
          <Button variant="outline" aria-label={`Edit ${d.description}`} {...reachFor(EditDeficiencyDialog)} onClick={onEdit}>
            Edit
          </Button>
          <div className="space-y-1">
            <Label htmlFor={`photo-${d.id}`} className="text-sm">
              Add photo
            </Label>
            <Input
              id={`photo-${d.id}`}
              type="file"
              accept={PHOTO_ACCEPT}
              disabled={uploading}
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                if (files.length) void addPhotos(files);
              }}
            />
          </div>
        </div>
      )}
    </li>
  );
}

/** The re-test the last correction scheduled (retest-after-correction.ts): the item waits for it. */
function RetestLine({ retest }: { retest: NonNullable<Deficiency['inspectionRetest']> }) {
  const open = retest.status === 'scheduled' || retest.status === 'in_progress';
  return (
    <p className="flex flex-wrap items-center gap-1 text-sm">
      <RotateCcw className="size-4 shrink-0" aria-hidden="true" />
      <Link to={`/inspections/${retest.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
        {open ? `Re-test due ${formatDate(retest.dueDate)}` : retest.status === 'completed' ? 'Re-test done' : 'Re-test cancelled'}
      </Link>
      {open ? <span className="text-muted-foreground">The item stays Action Needed until it passes.</span> : null}
    </p>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="inline text-muted-foreground">{label}: </dt>
      <dd className="inline break-words">{value}</dd>
    </div>
  );
}
