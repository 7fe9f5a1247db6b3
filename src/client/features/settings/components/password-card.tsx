import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@shared/schemas/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useApiTokens } from '../api/use-api-tokens';
import { useChangePassword } from '../api/use-change-password';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword', 'revokeApiTokens'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', revokeApiTokens: true };

export function PasswordCard({ username }: { username: string }) {
  const change = useChangePassword();
  const tokens = useApiTokens();
  const tokenCount = tokens.data?.length ?? 0;
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    // With no token to revoke the box is not shown, and nothing would be revoked either way.
    change.mutate(values, {
      onSuccess: () => form.reset(EMPTY),
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Choose a new password of at least 8 characters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField label="Current password" error={errors.currentPassword?.message} className="sm:max-w-sm">
            {(control) => (
              <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="New password" error={errors.newPassword?.message}>
              {(control) => (
                <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />
              )}
            </FormField>
            <FormField label="Confirm password" error={errors.confirmPassword?.message}>
              {(control) => (
                <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              )}
            </FormField>
          </div>
          {tokenCount > 0 ? (
            <div className="space-y-1">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" aria-describedby="revoke-api-tokens-hint" {...form.register('revokeApiTokens')} />
                Also revoke my {tokenCount === 1 ? 'API token' : `${tokenCount} API tokens`}
              </label>
              <p id="revoke-api-tokens-hint" className="text-sm text-muted-foreground">
                Recommended if someone else may know your password: the webhooks and calendar link made with them stop too.
              </p>
              {errors.revokeApiTokens?.message ? <p className="text-sm text-destructive">{errors.revokeApiTokens.message}</p> : null}
            </div>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? (
                <>
                  <Spinner /> Updating...
                </>
              ) : (
                'Update Password'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
