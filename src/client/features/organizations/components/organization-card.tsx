import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { currentTimeZoneName } from '@shared/dates';
import { organizationUpdateSchema, type CurrentOrganization, type OrganizationUpdateInput } from '@shared/schemas/organization';
import { forbiddenMessage } from '@shared/permissions';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { usePermissions } from '@/lib/use-permissions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { timeZoneOptions } from '@/features/settings/components/time-zones';
import { useUpdateOrganization } from '../api/use-update-organization';
import { DeleteOrganizationSection } from './delete-organization-section';

const FIELDS = ['name', 'timeZone'] as const;
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** Settings → Organisation: its name and time zone; read-only for a role that may not change them. */
export function OrganizationCard() {
  const { organization, roleLabel, can } = usePermissions();
  if (!organization) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Organisation
          <Badge variant="muted">You are {/^[AEIOU]/.test(roleLabel) ? 'an' : 'a'} {roleLabel.toLowerCase()}</Badge>
        </CardTitle>
        <CardDescription>
          The name your members see, and the time zone that decides what “today” means for due dates, overdue inspections and
          reminders across the organisation.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {can('settings.manage') ? <OrganizationForm organization={organization} /> : <OrganizationFacts organization={organization} />}
        {can('organization.delete') ? <DeleteOrganizationSection organization={organization} /> : null}
      </CardContent>
    </Card>
  );
}

function OrganizationFacts({ organization }: { organization: CurrentOrganization }) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted-foreground">Organisation name</dt>
          <dd className="break-words font-medium">{organization.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Time zone</dt>
          <dd className="font-medium">{zoneLabel(organization.timeZone)}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">{forbiddenMessage('settings.manage')}</p>
    </div>
  );
}

function OrganizationForm({ organization }: { organization: CurrentOrganization }) {
  const update = useUpdateOrganization();
  const zones = useMemo(() => timeZoneOptions(organization.timeZone), [organization.timeZone]);
  const form = useForm<OrganizationUpdateInput>({
    resolver: zodResolver(organizationUpdateSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: organization.name, timeZone: currentTimeZoneName(organization.timeZone) },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => form.reset({ name: saved.name, timeZone: saved.timeZone }),
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) {
          toast({ variant: 'destructive', title: 'Not saved', description: serverMessage(error, 'The organisation could not be saved. Please try again.') });
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Organisation name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="organization" maxLength={100} aria-required="true" {...form.register('name')} />}
        </FormField>
        <FormField label="Organisation time zone" error={errors.timeZone?.message} hint="Where the organisation's properties are.">
          {(control) => (
            <Select {...control} {...form.register('timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? (
            <>
              <Spinner /> Saving...
            </>
          ) : (
            'Save Organisation'
          )}
        </Button>
      </div>
    </form>
  );
}
