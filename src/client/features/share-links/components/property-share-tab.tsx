import { useState } from 'react';
import { Link2, Share2 } from 'lucide-react';
import type { ShareLink, ShareLinkStatus } from '@shared/schemas/share-link';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingState } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { useRevokeShareLink, useShareLinks } from '../api/share-link-queries';

const CreateShareLinkDialog = lazyDialog(() => import('./create-share-link-dialog').then((m) => m.CreateShareLinkDialog));

const STATUS: Record<ShareLinkStatus, { label: string; variant: 'success' | 'muted' | 'destructive' }> = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'muted' },
  revoked: { label: 'Revoked', variant: 'destructive' },
};

/** The last day a link works: it stops when the next day begins. */
const lastDay = (expiresAt: string) => formatDate(new Date(new Date(expiresAt).getTime() - 1));

function viewsText(link: ShareLink): string {
  if (link.viewCount === 0) return 'Not opened yet';
  const times = link.viewCount === 1 ? 'Opened once' : `Opened ${link.viewCount} times`;
  return `${times}, last ${formatDateTime(link.lastViewedAt)}`;
}

function ShareLinkRow({ link, propertyId }: { link: ShareLink; propertyId: number }) {
  const revoke = useRevokeShareLink(propertyId);
  const status = STATUS[link.status];
  const when =
    link.status === 'revoked'
      ? `Revoked ${formatDateTime(link.revokedAt)}`
      : link.status === 'expired'
        ? `Expired after ${lastDay(link.expiresAt)}`
        : `Works until the end of ${lastDay(link.expiresAt)}`;
  return (
    <li className="space-y-2 rounded-md border p-3" aria-label={`Share link for ${link.recipient}`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-words font-medium">{link.recipient}</span>
            <Badge variant={status.variant}>{status.label}</Badge>
          </p>
          <p className="text-muted-foreground">
            {when} · {link.includeDeficiencies ? 'Shows open deficiencies' : 'Deficiencies not shown'}
          </p>
          <p className="text-muted-foreground">
            Created {formatDate(link.createdAt)}
            {link.createdBy ? ` by ${link.createdBy}` : ''} · {viewsText(link)}
          </p>
        </div>
        {link.status === 'active' ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={`Revoke the link for ${link.recipient}`}>
                Revoke
              </Button>
            }
            title={`Revoke the link for ${link.recipient}?`}
            description="The link stops working at once: whoever opens it is told it was revoked. This cannot be undone; create a new link if they need one."
            confirmLabel="Revoke Link"
            onConfirm={() =>
              revoke.mutate(link.id, {
                onSuccess: () => toast({ title: 'Share Link Revoked', description: `The link for ${link.recipient} no longer works.` }),
                onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Could not revoke the link. Please try again.') }),
              })
            }
          />
        ) : null}
      </div>
      {link.views.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Who opened it
          </summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">Openings of the link for {link.recipient}, newest first</caption>
            <thead className="text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  When
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Browser
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {link.views.map((view, i) => (
                <tr key={i}>
                  <td className="py-1.5 pr-3">{formatDateTime(view.viewedAt)}</td>
                  <td className="py-1.5">{view.client}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {link.viewCount > link.views.length ? <p className="mt-1 text-muted-foreground">The latest {link.views.length} of {link.viewCount} are listed.</p> : null}
        </details>
      ) : null}
    </li>
  );
}

/**
 * The property's Share tab (owners, admins and managers): read-only links for outside parties,
 * each with its status and who opened it when, revocable at once.
 */
export function PropertyShareTab({ propertyId, propertyName }: { propertyId: number; propertyName: string }) {
  const links = useShareLinks(propertyId);
  const [creating, setCreating] = useState(false);

  const shareButton = (
    <Button {...reachFor(CreateShareLinkDialog)} onClick={() => setCreating(true)}>
      <Share2 aria-hidden="true" />
      Share Property
    </Button>
  );

  let body;
  if (links.isPending) body = <LoadingState message="Loading share links..." />;
  else if (links.isError) body = <LoadError message="Failed to load the share links. Please try again." onRetry={() => void links.refetch()} retrying={links.isFetching} />;
  else if (links.data.length === 0) {
    body = (
      <EmptyState icon={Link2} title="Not shared yet.">
        Share a read-only view of this property with a fire marshal, an insurer or an auditor. They need no account; you choose until when, and can revoke it at
        any time.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="space-y-3" aria-label="Share links">
        {links.data.map((link) => (
          <ShareLinkRow key={link.id} link={link} propertyId={propertyId} />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Links show this property&rsquo;s compliance and reports, read-only, to whoever holds them. Every opening is listed here.
        </p>
        {shareButton}
      </div>
      {body}
      <CreateShareLinkDialog propertyId={propertyId} propertyName={propertyName} open={creating} onOpenChange={setCreating} />
    </div>
  );
}
