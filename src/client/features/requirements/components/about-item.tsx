import { useId, useState } from 'react';
import { Pencil } from 'lucide-react';
import type { SafetyItemAnswers } from '@shared/schemas/safety-item-answers';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { Button } from '@/components/ui/button';
import { typeLabel } from './requirement-text';

const ItemAnswersDialog = lazyDialog(() => import('./item-answers-dialog').then((m) => m.ItemAnswersDialog));

/**
 * "About these <items>": the questions about a safety item, each with its answer or "Not
 * answered" and what that means (every requirement it could rule out still applies), and a way
 * to change them for those who may change requirements.
 */
export function AboutItem({ propertyId, item, canEdit }: { propertyId: number; item: SafetyItemAnswers; canEdit: boolean }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const label = typeLabel(item.itemType);
  return (
    <section aria-labelledby={titleId} className="rounded-md border bg-muted/40 p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={titleId} className="font-medium">
          About these {label}
        </h4>
        {canEdit ? (
          <Button variant="outline" size="sm" {...reachFor(ItemAnswersDialog)} onClick={() => setOpen(true)} aria-label={`Edit answers about these ${label}`}>
            <Pencil aria-hidden="true" />
            Edit answers
          </Button>
        ) : null}
      </div>
      <dl className="mt-2 space-y-2">
        {item.questions.map((question) => (
          <div key={question.key}>
            <dt className="font-medium">{question.label}</dt>
            <dd>
              {question.answer ? (
                question.answer.map((value) => question.options.find((o) => o.value === value)?.label ?? value).join(', ')
              ) : (
                <>
                  <span className="font-medium text-amber-900">Not answered.</span> <span className="text-muted-foreground">{question.hint}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <ItemAnswersDialog propertyId={propertyId} item={item} open={open} onOpenChange={setOpen} />
    </section>
  );
}
