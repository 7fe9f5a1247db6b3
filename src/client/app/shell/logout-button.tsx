import { LogOut } from 'lucide-react';
import { useLogout } from '@/features/auth/api/use-logout';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

export function LogoutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const logout = useLogout();
  return (
    <Button
      variant="ghost"
      className={cn('w-full justify-start', className)}
      disabled={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: onDone })}
    >
      {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
      Log out
    </Button>
  );
}
