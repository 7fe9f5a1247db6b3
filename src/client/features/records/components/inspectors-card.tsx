import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import { inspectorSchema, type Inspector, type InspectorInput } from '@shared/schemas/inspector';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError, serverMessage } from '@/lib/api';
import { usePermissions } from '@/lib/use-permissions';
import { useDeleteInspector, useInspectors, useSaveInspector } from '../api/record-queries';
import { LicenceNote } from './licence-note';

const EMPTY: InspectorInput = { name: '', company: '', licenceNumber: '', licenceExpiresOn: '', email: '' };
const FIELDS = ['name', 'company', 'licenceNumber', 'licenceExpiresOn', 'email'] as const;

/** Settings: the account's inspectors, offered when scheduling and completing inspections. */
export function InspectorsCard() {
  const inspectors = useInspectors();
  const save = useSaveInspector();
  const remove = useDeleteInspector();
  const canManage = usePermissions().can('inspectors.manage');
  const [editing, setEditing] = useState<Inspector | null>(null);
  const form = useForm<InspectorInput>({ resolver: zodResolver(inspectorSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const startEdit = (inspector: Inspector) => {
    setEditing(inspector);
    form.reset({
      name: inspector.name,
      company: inspector.company ?? '',
      licenceNumber: inspector.licenceNumber ?? '',
      licenceExpiresOn: inspector.licenceExpiresOn ?? '',
      email: inspector.email ?? '',
    });
  };
  const stopEdit = () => {
    setEditing(null);
    form.reset(EMPTY);
  };

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { id: editing?.id, values },
      {
        onSuccess: (saved) => {
          toast({ title: editing ? 'Inspector Saved' : 'Inspector Added', description: `${saved.name} can now be chosen when scheduling and completing inspections.` });
          stopEdit();
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          for (const name of FIELDS) if (fields[name]?.[0]) form.setError(name, { type: 'server', message: fields[name][0] });
          if (!Object.keys(fields).length) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to save the inspector. Please try again.') });
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Inspectors</CardTitle>
        <CardDescription>
          Who performs your inspections, with their licence or certification. An expired licence is shown on records and reports.
          {canManage ? null : ' Owners and admins add and change them.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {inspectors.isPending ? (
          <LoadingState message="Loading inspectors..." />
        ) : inspectors.data?.length ? (
          <ul className="divide-y rounded-md border" aria-label="Your inspectors">
            {inspectors.data.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="break-words font-medium">
                    {i.name}
                    {i.company ? <span className="font-normal text-muted-foreground"> · {i.company}</span> : null}
                  </p>
                  <p className="text-sm">
                    <LicenceNote licenceNumber={i.licenceNumber} licenceExpiresOn={i.licenceExpiresOn} expired={i.licenceExpired} />
                  </p>
                </div>
                {canManage ? (
                  <div className="flex gap-1">
                    <Button variant="ghost" size="sm" onClick={() => startEdit(i)} aria-label={`Edit ${i.name}`}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm" aria-label={`Delete ${i.name}`}>
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                      title={`Delete ${i.name}?`}
                      description="Inspections already recorded keep the name and licence they were completed with."
                      confirmLabel="Delete Inspector"
                      onConfirm={() => remove.mutate(i.id)}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            {canManage ? 'No inspectors yet. Add the people or companies who inspect your properties.' : 'No inspectors yet.'}
          </p>
        )}

        {canManage ? (
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={editing ? `Edit ${editing.name}` : 'Add an inspector'}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Inspector name" error={errors.name?.message}>
                {(c) => <Input {...c} maxLength={200} aria-required="true" {...form.register('name')} />}
              </FormField>
              <FormField label="Company" error={errors.company?.message}>
                {(c) => <Input {...c} maxLength={200} {...form.register('company')} />}
              </FormField>
              <FormField label="Licence or certification number" error={errors.licenceNumber?.message}>
                {(c) => <Input {...c} maxLength={100} {...form.register('licenceNumber')} />}
              </FormField>
              <FormField label="Licence expires on" error={errors.licenceExpiresOn?.message}>
                {(c) => <Input {...c} type="date" {...form.register('licenceExpiresOn')} />}
              </FormField>
              <FormField label="Inspector e-mail" error={errors.email?.message} className="sm:col-span-2">
                {(c) => <Input {...c} type="email" autoComplete="off" {...form.register('email')} />}
              </FormField>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner /> : null}
                {editing ? 'Save Inspector' : 'Add Inspector'}
              </Button>
              {editing ? (
                <Button type="button" variant="outline" onClick={stopEdit}>
                  Cancel
                </Button>
            ) : null}
          </div>
        </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
