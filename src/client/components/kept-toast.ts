import { toast } from '@/components/ui/use-toast';

/** Said when a change is kept on the device for the network rather than answered by the server (docs/offline.md). */
export const KEPT_TEXT = 'Saved on this device; it will sync when you are back online.';

/** The toast for a change the outbox kept: in place of the server's toast, with no undo (nothing reached the server). */
export function toastKept(title: string): void {
  toast({ title, description: KEPT_TEXT });
}
