import { useId } from 'react';
import { serverMessage } from '@/lib/api';
import { usePermissions } from '@/lib/use-permissions';
import { forbiddenMessage } from '@shared/permissions';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useTagPagesSetting, useUpdateTagPagesSetting } from '../api/use-tag-pages-setting';

/**
 * Settings → Public tag pages: whether scanning a device label shows strangers (a fire
 * marshal, a tenant) what the paper tag would, or only "No tag page". Members always get the
 * device's own page.
 */
export function TagPagesCard() {
  const setting = useTagPagesSetting();
  const update = useUpdateTagPagesSetting();
  const { can } = usePermissions();
  const id = useId();
  const mayChange = can('settings.manage');

  const change = (enabled: boolean) =>
    update.mutate(
      { enabled },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.enabled ? 'Tag pages on' : 'Tag pages off',
            description: saved.enabled ? 'Anyone who scans a label sees what its tag records.' : 'Only your members see a device when they scan its label.',
          }),
        onError: (error) => toast({ variant: 'destructive', title: 'Not saved', description: serverMessage(error, 'The setting could not be saved. Please try again.') }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Public tag pages</CardTitle>
        <CardDescription>
          The QR code on a device label opens the device’s page for your members. For anyone else, such as a fire marshal or a tenant, it
          shows what a paper tag would: the device type, the month of its last inspection and maintenance, your organisation’s name, the
          month it is next due and whether it is in service. Never its location, serial number, notes or property.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {setting.isPending ? (
          <div role="status">
            <span className="sr-only">Loading the setting...</span>
            <Skeleton className="h-6 w-64" />
          </div>
        ) : setting.isError ? (
          <LoadError message="The setting could not be loaded." onRetry={() => void setting.refetch()} retrying={setting.isFetching} />
        ) : (
          <div className="space-y-2">
            <div className="flex items-center gap-3">
              <Switch id={id} checked={update.isPending ? update.variables.enabled : setting.data.enabled} disabled={!mayChange || update.isPending} onCheckedChange={change} />
              <Label htmlFor={id}>Show a public page when someone scans a label</Label>
            </div>
            {/* The switch's state in words too, not only its position and colour. */}
            <p className="text-sm text-muted-foreground">
              {(update.isPending ? update.variables.enabled : setting.data.enabled)
                ? 'On: anyone who scans a label sees what its tag records.'
                : 'Off: someone who is not a member sees “No tag page”.'}
            </p>
            {mayChange ? null : <p className="text-sm text-muted-foreground">{forbiddenMessage('settings.manage')}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
