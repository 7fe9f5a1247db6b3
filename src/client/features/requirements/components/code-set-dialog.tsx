import { useId, useState } from 'react';
import { CODE_SET_HINTS, CODE_SET_LABELS, CODE_SETS, type CodeSet } from '@shared/code-sets';
import type { CodeSetChange, CodeSetDifference, RequirementTerms } from '@shared/schemas/code-set';
import type { Property } from '@shared/schemas/property';
import { intervalLabel } from '@shared/intervals';
import { serverMessage } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useChangeCodeSet, useCodeSetPreview } from '../api/use-code-set';
import { typeLabel } from './requirement-text';

interface CodeSetDialogProps {
  property: Property;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The set chosen when it opens (the property's own without it): the one its new place suggests. */
  initial?: CodeSet;
  /** Why it opened by itself, shown above the choice (its country or province changed). */
  reason?: string;
}

/** The apply button's name for each set: which one it applies, in a word or two. */
const SHORT_NAMES: Record<CodeSet, string> = { 'us-nfpa': 'current NFPA', 'us-cms': 'CMS', 'ca-nfc': 'National Fire Code', 'ca-on': 'Ontario' };

const terms = (t: RequirementTerms) => `${intervalLabel(t)} · ${t.source ?? 'No source'}`;

const GROUPS: { kind: CodeSetDifference['kind']; title: string; hint: string }[] = [
  { kind: 'changed', title: 'Change interval or source', hint: 'Kept with their history and inspections; they take the new set’s interval and source.' },
  { kind: 'added', title: 'Added', hint: 'Due now, with their last date not known until you record it.' },
  { kind: 'leaving', title: 'No longer apply', hint: 'The new set does not ask them: kept with their history, no longer due.' },
];

function Differences({ change }: { change: CodeSetChange }) {
  if (change.differences.length === 0) {
    return <p className="text-sm">Nothing changes: the property’s requirements are the same under {CODE_SET_LABELS[change.to]}.</p>;
  }
  return (
    <div className="space-y-4" data-testid="code-set-differences">
      {GROUPS.map(({ kind, title, hint }) => {
        const rows = change.differences.filter((d) => d.kind === kind);
        if (!rows.length) return null;
        return (
          <section key={kind} aria-label={title} className="space-y-1">
            <h3 className="font-semibold">
              {title} ({rows.length})
            </h3>
            <p className="text-xs text-muted-foreground">{hint}</p>
            <ul className="divide-y rounded-md border text-sm">
              {rows.map((d, i) => (
                <li key={`${d.requirementId ?? 'new'}-${i}`} className="break-words p-2">
                  <span className="font-medium">
                    {typeLabel(d.itemType)}: {(d.after ?? d.before)!.activity}
                  </span>
                  {d.before && d.after && d.before.activity !== d.after.activity ? <span> (was {d.before.activity})</span> : null}
                  <div className="text-muted-foreground">
                    {d.before ? <div>Now: {terms(d.before)}</div> : null}
                    {d.after ? <div>{d.before ? 'Then: ' : ''}{terms(d.after)}</div> : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {change.unchanged ? <p className="text-xs text-muted-foreground">{change.unchanged} other requirements stay as they are.</p> : null}
    </div>
  );
}

/** Choose a code set, see what changes, then apply it: nothing changes before "Apply". Mounted afresh each time it opens. */
export function CodeSetDialog({ property, open, onOpenChange, initial, reason }: CodeSetDialogProps) {
  const [chosen, setChosen] = useState<CodeSet>(initial ?? property.codeSet);
  const preview = useCodeSetPreview(property.id);
  const change = useChangeCodeSet(property.id);
  const labelId = useId();

  const choose = (value: string) => {
    setChosen(value as CodeSet);
    preview.reset();
  };
  const apply = () =>
    change.mutate(chosen, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Code set changed', description: `${property.name} now follows ${CODE_SET_LABELS[chosen]}.` });
      },
    });
  const shown = preview.data && preview.data.to === chosen ? preview.data : null;
  const error = preview.error ?? change.error;

  return (
    <Dialog open={open} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Change code set</DialogTitle>
          <DialogDescription>
            Which code {property.name}’s requirements come from. You see what changes before anything does; no inspection or history is lost.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          {reason ? (
            <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" data-testid="code-set-reason">
              {reason}
            </p>
          ) : null}
          {error ? <FormAlert>{serverMessage(error, 'The code set could not be changed. Please try again.')}</FormAlert> : null}
          <div className="space-y-2">
            <p id={labelId} className="text-sm font-medium">
              Code set
            </p>
            <RadioGroup aria-labelledby={labelId} value={chosen} onValueChange={choose}>
              {CODE_SETS.map((set) => (
                <div key={set} className="flex items-start gap-2">
                  <RadioGroupItem id={`code-set-${set}`} value={set} aria-describedby={`code-set-${set}-hint`} className="mt-1" />
                  <div>
                    <Label htmlFor={`code-set-${set}`}>
                      {CODE_SET_LABELS[set]}
                      {set === property.codeSet ? ' (current)' : ''}
                    </Label>
                    <p id={`code-set-${set}-hint`} className="text-xs text-muted-foreground">
                      {CODE_SET_HINTS[set]}
                    </p>
                  </div>
                </div>
              ))}
            </RadioGroup>
          </div>
          <div aria-live="polite">{shown ? <Differences change={shown} /> : null}</div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={change.isPending}>
            Cancel
          </Button>
          {shown ? (
            <Button onClick={apply} disabled={change.isPending || chosen === property.codeSet}>
              {change.isPending ? <Spinner /> : null}
              Apply {SHORT_NAMES[chosen]} code set
            </Button>
          ) : (
            <Button onClick={() => preview.mutate(chosen)} disabled={preview.isPending || chosen === property.codeSet}>
              {preview.isPending ? <Spinner /> : null}
              Show what changes
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
