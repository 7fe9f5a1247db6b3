import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEventType } from '@shared/schemas/webhook';
import { madeWithLabel } from '@shared/schemas/api-token';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError, serverMessage } from '@/lib/api';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/use-webhooks';
import { ShownOnce } from './shown-once';

const when = (iso: string) => new Date(iso).toLocaleString();

function AddWebhookForm({ onSecret }: { onSecret: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const fieldErrors = isApiError(create.error) ? (create.error.body?.fieldErrors ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (endpoint) => {
          setUrl('');
          setEvents([]);
          onSecret(endpoint.secret);
        },
      },
    );
  };
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((now) => (on ? [...now, type] : now.filter((t) => t !== type)));

  return (
    <form onSubmit={submit} className="space-y-4 border-t pt-4" noValidate>
      <h3 className="text-sm font-medium">Add a webhook</h3>
      {create.isError && !Object.keys(fieldErrors).length ? <FormAlert>{serverMessage(create.error, 'Could not add the webhook. Please try again.')}</FormAlert> : null}
      <FormField label="Address (URL)" error={fieldErrors.url?.[0]} hint="A public https:// address that accepts POST requests.">
        {(control) => <Input {...control} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/firemark" />}
      </FormField>
      <fieldset className="space-y-2" aria-describedby={fieldErrors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} className="size-4" />
            {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs text-muted-foreground">{type}</code>
          </label>
        ))}
        {fieldErrors.events ? (
          <p id="webhook-events-error" className="text-sm text-destructive">
            {fieldErrors.events[0]}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? (
          <>
            <Spinner /> Adding...
          </>
        ) : (
          'Add Webhook'
        )}
      </Button>
    </form>
  );
}

function Deliveries({ id }: { id: number }) {
  const deliveries = useWebhookDeliveries(id, true);
  if (deliveries.isPending) return <LoadingState message="Loading deliveries..." className="py-2" />;
  if (deliveries.isError) return <FormAlert>Could not load the deliveries. Please refresh the page.</FormAlert>;
  if (!deliveries.data.length) return <p className="text-sm text-muted-foreground">Nothing sent yet. Press Send Test to try the address.</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label="Recent deliveries">
      {deliveries.data.map((d) => (
        <li key={d.id} className="flex flex-wrap gap-x-3 border-b py-1 last:border-0">
          <code>{d.eventType}</code>
          <span>{when(d.createdAt)}</span>
          <span className={d.status === 'delivered' ? 'text-green-700' : d.status === 'failed' ? 'text-destructive' : 'text-amber-700'}>
            {d.status === 'delivered' ? 'Delivered' : d.status === 'failed' ? 'Failed' : 'Retrying'}
            {d.lastStatusCode ? ` (${d.lastStatusCode})` : ''}
          </span>
          <span>
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          {d.lastError ? <span className="w-full break-words text-muted-foreground">{d.lastError}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const [open, setOpen] = useState(false);
  const test = useTestWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  return (
    <li className="space-y-2 rounded-md border p-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm">{endpoint.url}</p>
          <p className="text-sm text-muted-foreground">{endpoint.events.join(', ')}</p>
          <p className="text-sm text-muted-foreground">{madeWithLabel(endpoint.createdByToken)}</p>
        </div>
        {endpoint.stoppedReason ? (
          <span className="text-sm font-medium text-destructive">{endpoint.stoppedReason}</span>
        ) : !endpoint.enabled ? (
          <span className="text-sm font-medium text-muted-foreground">Turned off</span>
        ) : (
          <span className={endpoint.failingSince ? 'text-sm font-medium text-destructive' : 'text-sm font-medium text-green-700'}>
            {endpoint.failingSince ? `Failing since ${when(endpoint.failingSince)}` : 'Active'}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: (d) =>
                toast(
                  d.status === 'delivered'
                    ? { title: 'Test Delivered', description: `Your receiver answered ${d.lastStatusCode}.` }
                    : { variant: 'destructive', title: 'Test Not Delivered', description: d.lastError ?? 'The receiver did not answer with 2xx.' },
                ),
              onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Could not send the test. Please try again.') }),
            })
          }
        >
          {test.isPending ? <Spinner /> : null} Send Test
        </Button>
        <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide Deliveries' : 'Recent Deliveries'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={rotate.isPending}>
              Rotate Secret
            </Button>
          }
          title="Rotate the signing secret?"
          description="Requests are signed with the new secret at once; update your receiver, or it will reject them."
          confirmLabel="Rotate Secret"
          onConfirm={() => rotate.mutate(endpoint.id, { onSuccess: (e) => onSecret(e.secret) })}
        />
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={remove.isPending}>
              Delete
            </Button>
          }
          title="Delete this webhook?"
          description="Firemark stops sending events to this address, and its delivery history is deleted."
          confirmLabel="Delete Webhook"
          onConfirm={() => remove.mutate(endpoint.id)}
        />
      </div>
      {open ? <Deliveries id={endpoint.id} /> : null}
    </li>
  );
}

export function WebhooksCard() {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Send events (an inspection completed, a deficiency recorded, a report generated) to another system as signed HTTPS requests.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {secret ? (
          <ShownOnce
            label="Signing secret"
            value={secret}
            hint="Use it to check the Firemark-Signature header of each request (see the webhooks guide)."
            onDone={() => setSecret(null)}
          />
        ) : null}
        {webhooks.isPending ? (
          <LoadingState message="Loading webhooks..." className="py-6" />
        ) : webhooks.isError ? (
          <FormAlert>Could not load your webhooks. Please refresh the page.</FormAlert>
        ) : webhooks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No webhooks yet. Add an address below to start receiving events.</p>
        ) : (
          <ul className="space-y-3" aria-label="Webhooks">
            {webhooks.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </ul>
        )}
        <AddWebhookForm onSecret={setSecret} />
      </CardContent>
    </Card>
  );
}
