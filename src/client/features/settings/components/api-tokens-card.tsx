import { useState, type FormEvent } from 'react';
import { API_TOKEN_ACCESS, API_TOKEN_ACCESS_LABELS, type ApiToken, type ApiTokenAccess } from '@shared/schemas/api-token';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError, serverMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format-date';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/use-api-tokens';
import { ShownOnce } from './shown-once';

function CreateTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiTokenAccess>('read');
  const fieldErrors = isApiError(create.error) ? (create.error.body?.fieldErrors ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, access },
      {
        onSuccess: (created) => {
          setName('');
          setAccess('read');
          onCreated(created.token);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4 border-t pt-4" noValidate>
      <h3 className="text-sm font-medium">Create a token</h3>
      {create.isError && !Object.keys(fieldErrors).length ? <FormAlert>{serverMessage(create.error, 'Could not create the token. Please try again.')}</FormAlert> : null}
      <FormField label="Token name" error={fieldErrors.name?.[0]} hint="What uses it, so you know which to revoke later.">
        {(control) => <Input {...control} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} placeholder="e.g. Spreadsheet sync" />}
      </FormField>
      <fieldset className="space-y-2" aria-describedby={fieldErrors.access ? 'api-token-access-error' : undefined}>
        <legend className="text-sm font-medium">Access</legend>
        {API_TOKEN_ACCESS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="api-token-access" value={value} checked={access === value} onChange={() => setAccess(value)} className="size-4" />
            {API_TOKEN_ACCESS_LABELS[value]}
          </label>
        ))}
        {fieldErrors.access ? (
          <p id="api-token-access-error" className="text-sm text-destructive">
            {fieldErrors.access[0]}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? (
          <>
            <Spinner /> Creating...
          </>
        ) : (
          'Create Token'
        )}
      </Button>
    </form>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium">{token.name}</p>
        <p className="text-muted-foreground">
          <code>{token.prefix}…</code> · {API_TOKEN_ACCESS_LABELS[token.access]} · Created {formatDateTime(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={`Revoke ${token.name}`}>
            Revoke
          </Button>
        }
        title={`Revoke "${token.name}"?`}
        description="Anything using this token stops working at once, webhooks made with it stop, and a calendar link it was given stops working. This cannot be undone; create a new token if you need one."
        confirmLabel="Revoke Token"
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => toast({ title: 'Token Revoked', description: `"${token.name}" no longer works.` }),
            onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Could not revoke the token. Please try again.') }),
          })
        }
      />
    </li>
  );
}

/** Settings, "API tokens": personal tokens for other tools to read and change this account's records (docs/api.md). */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>API Tokens</CardTitle>
        <CardDescription>
          Let a spreadsheet, a building system or an automation read and update your properties and inspections through the Firemark API. A
          token cannot reach your password, billing, support requests or other tokens.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {created ? (
          <ShownOnce
            label="API token"
            value={created}
            hint={<>Send it as the header Authorization: Bearer followed by the token. Anyone holding it can act as you, within its access.</>}
            onDone={() => setCreated(null)}
          />
        ) : null}
        {tokens.isPending ? (
          <LoadingState message="Loading tokens..." className="py-6" />
        ) : tokens.isError ? (
          <FormAlert>Could not load your API tokens. Please refresh the page.</FormAlert>
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API tokens yet. Create one below when another tool needs to reach your records.</p>
        ) : (
          <ul className="space-y-3" aria-label="API tokens">
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
        <CreateTokenForm onCreated={setCreated} />
      </CardContent>
    </Card>
  );
}
