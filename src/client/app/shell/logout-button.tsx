import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { useLogout } from '@/features/auth/api/use-logout';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useOutboxSummary } from '@/offline/outbox';
import { cn } from '@/lib/utils';

export function LogoutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const logout = useLogout();
  const { changes } = useOutboxSummary();
  const [asking, setAsking] = useState(false);
  const signOut = () => logout.mutate(undefined, { onSettled: onDone });
  const count = changes.length;
  return (
    <>
      <Button
        variant="ghost"
        className={cn('w-full justify-start', className)}
        disabled={logout.isPending}
        // Changes not yet on the server are never dropped silently: the person is told first.
        onClick={() => (count > 0 ? setAsking(true) : signOut())}
      >
        {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        Log out
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`${count} ${count === 1 ? 'change has' : 'changes have'} not reached the server yet.`}
        description="They stay on this device and are sent when you sign in here again. Nobody else who signs in on this device sends them or sees them."
        cancelLabel="Stay signed in"
        confirmLabel="Sign out anyway"
        onConfirm={signOut}
      />
    </>
  );
}
