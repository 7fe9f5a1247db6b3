import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuth } from '@/app/auth-context';
import { LoadError } from '@/components/load-error';
import { PublicCardLayout } from '@/components/public-card-layout';
import { Spinner } from '@/components/ui/spinner';
import { useDeviceByTag, usePublicTag } from '../api/use-tag';
import { PublicTagFacts } from '../components/public-tag-facts';

function Loading({ tag }: { tag: string }) {
  return (
    <PublicCardLayout title={`Tag ${tag}`}>
      <div className="flex justify-center py-6" role="status">
        <Spinner className="text-primary" />
        <span className="sr-only">Loading the tag...</span>
      </div>
    </PublicCardLayout>
  );
}

/**
 * /t/:tag, where a device label's QR code leads. A signed-in member who reaches the device goes
 * to its page; anyone else sees what a paper tag would show, if its organisation allows it.
 */
export default function TagPage() {
  const { tag: raw = '' } = useParams();
  const tag = raw.trim().toUpperCase();
  useDocumentTitle(`Tag ${tag}`);
  const { user } = useAuth();
  const member = Boolean(user?.organization);
  const navigate = useNavigate();

  const device = useDeviceByTag(tag, member);
  const notTheirs = !member || (device.isError && isApiError(device.error) && device.error.status === 404);
  const card = usePublicTag(tag, notTheirs);

  useEffect(() => {
    if (device.data) void navigate(`/devices/${device.data.id}`, { replace: true });
  }, [device.data, navigate]);

  if (member && (device.isPending || device.data)) return <Loading tag={tag} />;
  if (member && device.isError && !notTheirs) {
    return (
      <PublicCardLayout title={`Tag ${tag}`}>
        <LoadError message="The device could not be loaded. Please try again." onRetry={() => void device.refetch()} retrying={device.isFetching} />
      </PublicCardLayout>
    );
  }
  if (card.isPending) return <Loading tag={tag} />;
  if (card.isError) {
    if (isApiError(card.error) && card.error.status === 404) {
      return (
        <PublicCardLayout
          title="No tag page"
          description={`No device with the tag ${tag} has a public page. Check the code printed under the QR code, or ask whoever looks after the building.`}
        >
          {member ? <HomeLink /> : <SignInLink tag={tag} />}
        </PublicCardLayout>
      );
    }
    return (
      <PublicCardLayout title={`Tag ${tag}`}>
        <LoadError message="The tag could not be loaded. Please try again." onRetry={() => void card.refetch()} retrying={card.isFetching} />
      </PublicCardLayout>
    );
  }
  return (
    <PublicCardLayout title={`Tag ${card.data.tag}`} description="What the inspection tag on this device records.">
      <PublicTagFacts page={card.data} />
      {member ? <HomeLink /> : <SignInLink tag={tag} />}
    </PublicCardLayout>
  );
}

/** A signed-in member on a card with no app around it has a way back. */
function HomeLink() {
  return (
    <p className="text-center text-sm">
      <Link to="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
        Back to your dashboard
      </Link>
    </p>
  );
}

function SignInLink({ tag }: { tag: string }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Look after this building?{' '}
      <Link to={`/auth/login?${new URLSearchParams({ next: `/t/${tag}` }).toString()}`} className="font-medium text-primary underline-offset-4 hover:underline">
        Sign in to see the device
      </Link>
    </p>
  );
}
